/**
 * What each job a write enqueues carries, by job name: `enqueueInTransaction` takes only these
 * names with these payloads. Periodic jobs schedule themselves and are not listed.
 */
export interface JobPayloads {
  /** Stored upload content no row may name any more: removed unless a row names it again (lib/services/uploads.ts). */
  "remove-stored-content": { sha256: string; ext: string };
  /** A bookmark's reminder, due at `remindAt` (ISO time): fires only while the bookmark still holds that time (lib/services/bookmarks.ts). */
  "remind-bookmark": { userId: number; postId: number; remindAt: string };
  /** A token poll opening at `opensAt` (ISO time): its snapshot block is fixed then, unless a read or vote fixed it first (lib/services/polls.ts). */
  "snapshot-poll": { pollId: number; opensAt: string };
  /** A post's revision to archive: the post_archives row written with it (lib/services/archives.ts). */
  "archive-post": { archiveId: number };
  /** A tip to re-check: removed when its block left the chain (lib/services/tips.ts). */
  "recheck-tip": { tipId: number };
  /** One email (lib/services/email-sending.ts): a confirmation link, a notification, or a digest from `since` (ISO time). */
  "send-email":
    { kind: "confirmation"; confirmationId: number } | { kind: "notification"; notificationId: number } | { kind: "digest"; userId: number; since: string };
  /** A user's queued data export to write (lib/services/user-exports.ts): skipped when a newer request replaced it. */
  "build-user-export": { userId: number; fileKey: string };
  /** A replaced data export's zip to remove from storage (lib/services/user-exports.ts). */
  "remove-user-export": { fileKey: string };
}

export type JobName = keyof JobPayloads;
