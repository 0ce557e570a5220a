import "server-only";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { archivePostJob } from "@/lib/jobs/archive-post";
import { announcePostsJob } from "@/lib/jobs/announce-posts";
import { recheckTipJob } from "@/lib/jobs/recheck-tip";
import { queueEmailDigestsJob } from "@/lib/jobs/queue-email-digests";
import { sendEmailJob } from "@/lib/jobs/send-email";
import { sendNotificationEmailsJob } from "@/lib/jobs/send-notification-emails";
import { pruneDraftsJob } from "@/lib/jobs/prune-drafts";
import { pruneAuthRecordsJob } from "@/lib/jobs/prune-auth-records";
import { recountPostCountersJob } from "@/lib/jobs/recount-post-counters";
import { refreshThreadRankingsJob } from "@/lib/jobs/refresh-thread-rankings";
import { remindBookmarkJob } from "@/lib/jobs/remind-bookmark";
import { removeStoredContentJob } from "@/lib/jobs/remove-stored-content";
import { snapshotPollJob } from "@/lib/jobs/snapshot-poll";
import { sweepGatesJob } from "@/lib/jobs/sweep-gates";
import { grantMemberBadgesJob } from "@/lib/jobs/grant-member-badges";
import { sweepOrphanUploadsJob } from "@/lib/jobs/sweep-orphan-uploads";
import { buildUserExportJob, expireUserExportsJob, removeUserExportJob } from "@/lib/jobs/user-exports";

/** Every job the app runs; each gets its own queue. A new job is a file beside these and a line here. */
export const ALL_JOBS: readonly JobDefinition[] = [
  pruneAuthRecordsJob,
  sweepOrphanUploadsJob,
  sweepGatesJob,
  removeStoredContentJob,
  announcePostsJob,
  recountPostCountersJob,
  pruneDraftsJob,
  remindBookmarkJob,
  refreshThreadRankingsJob,
  snapshotPollJob,
  archivePostJob,
  recheckTipJob,
  grantMemberBadgesJob,
  sendEmailJob,
  sendNotificationEmailsJob,
  queueEmailDigestsJob,
  buildUserExportJob,
  removeUserExportJob,
  expireUserExportsJob,
];
