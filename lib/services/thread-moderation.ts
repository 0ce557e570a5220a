import "server-only";
import { canDeleteThread, canEditThread, canModerate, type SignedIn } from "@/lib/auth/permissions";
import { recordModAction, type ModAction } from "@/lib/db/modlog";
import { removeThreadNotifications } from "@/lib/db/notifications";
import { forgetHotThreads } from "@/lib/db/threads";
import { hasPostsByOthers, isCategoryOfGroup, markThreadDeleted, setThreadFlag as writeThreadFlag, updateThreadRow } from "@/lib/db/thread-writes";
import { inTransaction } from "@/lib/db/engine/transaction";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { ThreadTitleSchema } from "@/lib/schemas/thread-schemas";
import { lockThread, type ThreadTarget } from "@/lib/services/moderation-targets";
import { parseField } from "@/lib/services/parse-field";
import { setThreadTags } from "@/lib/services/thread-tags";
import { slugify } from "@/lib/services/slug";

/** Where the thread lives after the write, for reading it back as its full record. */
export interface ThreadWritten {
  id: number;
  groupName: string;
}

export interface ThreadEdit {
  title?: string;
  /** 0 or null: no category; undefined: unchanged. */
  categoryId?: number | null;
  /** The thread's tags, replacing the set (contract section 18); undefined: unchanged. */
  tagIds?: readonly number[];
}

/** Contract section 12: the author or a moderator retitles a thread or moves it to another category. */
export async function editThread(actor: SignedIn, threadId: number, edit: ThreadEdit): Promise<ThreadWritten> {
  const title = edit.title === undefined ? undefined : parseField(ThreadTitleSchema, edit.title, "title");
  if (title === undefined && edit.categoryId === undefined && edit.tagIds === undefined)
    throw new Invalid(null, "Nothing to change: send title, category_id or tags");
  const written = await inTransaction(
    async (tx) => {
      const { thread, role } = await lockThread(tx, actor, threadId);
      const { groupName } = thread;
      if (!canEditThread(actor, thread, role)) throw new Forbidden("You cannot edit this thread");
      const categoryId = edit.categoryId === undefined ? thread.categoryId : edit.categoryId || null;
      if (categoryId !== null && categoryId !== thread.categoryId && !(await isCategoryOfGroup(tx, categoryId, thread.groupId))) {
        throw new NotFound("category", "category_id: no such category in this group");
      }
      const retagged = edit.tagIds !== undefined && (await setThreadTags(tx, actor, role, { ...thread, live: !thread.deleted }, edit.tagIds));
      const changed = (title !== undefined && title !== thread.title) || categoryId !== thread.categoryId;
      if (!changed) return { id: thread.id, groupName, groupId: retagged ? thread.groupId : null };
      await updateThreadRow(tx, thread.id, { categoryId, ...(title !== undefined ? { title, slug: slugify(title) } : {}) });
      if (thread.userId !== actor.id) {
        await recordModAction(tx, { groupId: thread.groupId, moderatorId: actor.id, action: "edit_thread", targetType: "thread", targetId: thread.id });
      }
      return { id: thread.id, groupName, groupId: thread.groupId };
    },
    { retryConflicts: true },
  );
  if (written.groupId !== null) forgetHotThreads(written.groupId);
  return { id: written.id, groupName: written.groupName };
}

/** Contract section 12: the thread leaves every listing; its author may do it only while nobody else has replied. */
export async function deleteThread(actor: SignedIn, threadId: number, reason = ""): Promise<void> {
  const groupId = await inTransaction(async (tx) => {
    const { thread, role } = await lockThread(tx, actor, threadId);
    if (!canDeleteThread(actor, thread, role, await hasPostsByOthers(tx, threadId, thread.userId))) {
      throw new Forbidden(thread.userId === actor.id ? "Others have replied: only a moderator can delete this thread now" : "You cannot delete this thread");
    }
    if (thread.deleted) return null;
    await markThreadDeleted(tx, thread);
    await removeThreadNotifications(tx, thread.id);
    if (thread.userId !== actor.id) {
      await recordModAction(tx, { groupId: thread.groupId, moderatorId: actor.id, action: "delete_thread", targetType: "thread", targetId: thread.id, reason });
    }
    return thread.groupId;
  });
  if (groupId !== null) forgetHotThreads(groupId);
}

type ThreadFlag = "pinned" | "locked";

const FLAG_ACTIONS: Record<ThreadFlag, [on: ModAction, off: ModAction]> = {
  pinned: ["pin_thread", "unpin_thread"],
  locked: ["lock_thread", "unlock_thread"],
};

async function setThreadFlag(actor: SignedIn, threadId: number, flag: ThreadFlag, on: boolean): Promise<ThreadWritten> {
  return inTransaction(async (tx) => {
    const { thread, role }: ThreadTarget = await lockThread(tx, actor, threadId);
    const { groupName } = thread;
    if (!canModerate(role)) throw new Forbidden(flag === "pinned" ? "Only moderators can pin threads" : "Only moderators can lock threads");
    if (thread[flag] === on) return { id: thread.id, groupName };
    await writeThreadFlag(tx, thread.id, flag, on);
    const [onAction, offAction] = FLAG_ACTIONS[flag];
    await recordModAction(tx, { groupId: thread.groupId, moderatorId: actor.id, action: on ? onAction : offAction, targetType: "thread", targetId: thread.id });
    return { id: thread.id, groupName };
  });
}

/** Contract section 12: pinned threads head their group's listing. */
export function pinThread(actor: SignedIn, threadId: number, pinned: boolean): Promise<ThreadWritten> {
  return setThreadFlag(actor, threadId, "pinned", pinned);
}

/** Contract section 12: a locked thread takes new posts from moderators only. */
export function lockThreadPosting(actor: SignedIn, threadId: number, locked: boolean): Promise<ThreadWritten> {
  return setThreadFlag(actor, threadId, "locked", locked);
}
