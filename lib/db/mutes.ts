import "server-only";
import { getDb } from "@/lib/db/engine/client";

// Mutes (contract section 17): a muted thread leaves the person's feeds, a muted group's threads
// leave them unless the feed names the group, and neither sends the person `post` notifications
// (prisma/derived/post-announcements.sql). Each write is one idempotent statement.

/** Mutes or unmutes a thread for a person; answers the new state. */
export async function setThreadMute(userId: number, threadId: number, muted: boolean): Promise<boolean> {
  const db = await getDb();
  if (muted) await db.threadMute.createMany({ data: [{ userId, threadId }], skipDuplicates: true });
  else await db.threadMute.deleteMany({ where: { userId, threadId } });
  return muted;
}

/** Mutes or unmutes a group for a person; answers the new state. */
export async function setGroupMute(userId: number, groupId: number, muted: boolean): Promise<boolean> {
  const db = await getDb();
  if (muted) await db.groupMute.createMany({ data: [{ userId, groupId }], skipDuplicates: true });
  else await db.groupMute.deleteMany({ where: { userId, groupId } });
  return muted;
}

/** Whether the person muted the group. */
export async function isGroupMuted(userId: number, groupId: number): Promise<boolean> {
  const db = await getDb();
  return (await db.groupMute.count({ where: { userId, groupId } })) > 0;
}
