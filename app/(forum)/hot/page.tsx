import { FeedRoute, feedMetadata } from "@/components/feeds/feed-route";

export const dynamic = "force-dynamic";
export const metadata = feedMetadata("hot");

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <FeedRoute filter="hot" searchParams={searchParams} />;
}
