import { FeedRoute, feedMetadata } from "@/components/feeds/feed-route";

export const dynamic = "force-dynamic";
export const metadata = feedMetadata("new");

export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <FeedRoute filter="new" searchParams={searchParams} />;
}
