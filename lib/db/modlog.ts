import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { PageWindow } from "@/lib/db/pagination";
import type { Tx } from "@/lib/db/engine/transaction";

/** What a moderator did (contract section 12: every moderator action leaves one entry). */
export type ModAction =
  | "edit_post"
  | "delete_post"
  | "restore_post"
  | "set_post_nsfw"
  | "edit_thread"
  | "delete_thread"
  | "pin_thread"
  | "unpin_thread"
  | "lock_thread"
  | "unlock_thread"
  | "resolve_report"
  | "ban_user"
  | "lift_ban"
  | "set_role"
  | "approve_member"
  | "reject_member"
  | "invite_member"
  | "gate"
  | "edit_category"
  | "delete_category"
  | "order_categories"
  | "tag_thread"
  | "create_tag"
  | "edit_tag"
  | "delete_tag"
  | "order_tags"
  | "create_badge"
  | "edit_badge"
  | "delete_badge"
  | "grant_badge"
  | "revoke_badge";

export type ModTarget = "post" | "thread" | "report" | "user" | "category" | "group" | "tag" | "badge";

export interface ModlogWrite {
  groupId: number;
  /** Null for the token gate's sweep. */
  moderatorId: number | null;
  action: ModAction;
  targetType: ModTarget;
  targetId: number;
  reason?: string;
}

/** Written inside the action's own transaction, so an entry exists exactly when the action happened. */
export async function recordModAction(tx: Tx, entry: ModlogWrite): Promise<void> {
  await tx.modlogEntry.create({ data: { ...entry, reason: entry.reason ?? "" }, select: { id: true } });
}

const MODLOG_SELECT = {
  id: true,
  action: true,
  targetType: true,
  targetId: true,
  reason: true,
  createdAt: true,
  moderator: { select: { id: true, username: true } },
} satisfies Prisma.ModlogEntrySelect;
/** One entry of a group's modlog; `moderator` is null for the token gate's sweep. */
export interface ModlogRecord {
  id: number;
  action: ModAction;
  targetType: ModTarget;
  targetId: number;
  reason: string;
  createdAt: Date;
  moderator: { id: number; username: string } | null;
}

/** A group's modlog, newest first (index group_id, id desc). */
export async function listModlogEntries(groupId: number, window: PageWindow): Promise<ModlogRecord[]> {
  const db = await getDb();
  const rows = await db.modlogEntry.findMany({ where: { groupId }, orderBy: { id: "desc" }, ...window, select: MODLOG_SELECT });
  // The columns hold only what recordModAction writes.
  return rows.map((row) => ({ ...row, action: row.action as ModAction, targetType: row.targetType as ModTarget }));
}

export async function countModlogEntries(groupId: number): Promise<number> {
  const db = await getDb();
  return db.modlogEntry.count({ where: { groupId } });
}
