import { SkeletonRows } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <main className="page">
      <SkeletonRows rows={3} variant="post" />
    </main>
  );
}
