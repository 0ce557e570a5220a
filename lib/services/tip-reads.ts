import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { isGroupFeatureOn } from "@/lib/db/group-features";
import { readThreadTips as loadThreadTips, type ListedTip } from "@/lib/db/tips";

/** How many of the first post's tips a thread lists (contract section 19's tip_list). */
export const THREAD_TIP_LIST_SIZE = 20;

/** What a thread shows of its tips to a viewer; `shown` false while the group's rewards feature is off (every field reads empty). */
export interface ThreadTips {
  shown: boolean;
  /** The first post's newest tips. */
  newest: ListedTip[];
  /** The posts among those asked about that the viewer tipped. */
  tippedByViewer: ReadonlySet<number>;
}

export const NO_THREAD_TIPS: ThreadTips = { shown: false, newest: [], tippedByViewer: new Set() };

/** A thread's tips as `actor` sees them, on a thread that has some (callers skip threads whose tip_count is 0). */
export async function readThreadTips(actor: Actor, thread: { groupId: number; firstPostId: number }, postIds: readonly number[]): Promise<ThreadTips> {
  if (!(await isGroupFeatureOn(thread.groupId, "rewards"))) return NO_THREAD_TIPS;
  const { newest, tippedByViewer } = await loadThreadTips(thread.firstPostId, THREAD_TIP_LIST_SIZE, actor?.id ?? null, postIds);
  return { shown: true, newest, tippedByViewer };
}
