// What `--scale small|large` means: the shape of the generated forum. Large is the size the issue
// was measured at (≈1M posts); small is a hundredth of it, so both run the same scenarios.

export type ScaleName = "small" | "large";

export interface Scale {
  name: ScaleName;
  users: number;
  groups: number;
  /** Threads, the huge one included. */
  threads: number;
  /** Replies in the one huge thread (its posts_count is this + 1, the first post). */
  hugeThreadReplies: number;
  /** Mean posts of every other thread (exponentially spread, capped); sets the total near the target. */
  meanPostsPerThread: number;
  /** Share of the threads in group 1, so one group has 1,000+ pages of 20 at large scale. */
  bigGroupShare: number;
  categoriesPerGroup: number;
}

export const SCALES: Record<ScaleName, Scale> = {
  // ≈10k posts: 1,001 in the huge thread + 499 threads × ≈18.
  small: { name: "small", users: 500, groups: 10, threads: 500, hugeThreadReplies: 1_000, meanPostsPerThread: 18, bigGroupShare: 0.42, categoriesPerGroup: 4 },
  // ≈1M posts: 50,001 in the huge thread + 49,999 threads × ≈19.
  large: {
    name: "large",
    users: 20_000,
    groups: 200,
    threads: 50_000,
    hugeThreadReplies: 50_000,
    meanPostsPerThread: 19,
    bigGroupShare: 0.42,
    categoriesPerGroup: 4,
  },
};

export function parseScale(value: string | undefined): Scale {
  if (value === "small" || value === "large") return SCALES[value];
  throw new Error(`--scale must be small or large (got ${value ?? "nothing"})`);
}
