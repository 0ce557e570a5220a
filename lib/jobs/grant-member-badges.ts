import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { grantMemberDaysBadges } from "@/lib/services/badge-grants";

/**
 * Daily (AGORA_BADGE_GRANT_MS), and at start: `days_member` rule badges (contract section 19) go to
 * members who have now been in their group long enough. One statement; a badge held is not granted twice.
 */
export const grantMemberBadgesJob = definePeriodicJob({
  name: "grant-member-badges",
  everyMs: () => getEnv().AGORA_BADGE_GRANT_MS,
  runAtStart: true,
  retries: 3,
  retryDelaySeconds: 60,
  expireSeconds: 15 * 60,
  run: async () => {
    const granted = await grantMemberDaysBadges();
    if (granted > 0) logger.info({ granted }, "granted days_member badges");
  },
});
