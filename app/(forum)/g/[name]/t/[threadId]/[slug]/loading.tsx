import { SkeletonRows } from "@/components/ui/skeleton";

export default function ThreadLoading() {
  return (
    <main className="page page--thread">
      <div className="skeleton__heading" aria-hidden="true" />
      <SkeletonRows rows={4} variant="post" />
    </main>
  );
}
