import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { logger } from "@/lib/log";
import { announceStalePosts } from "@/lib/services/posts";

/**
 * Every 15 seconds: posts whose request ended (a crash, a lost connection) between the post's commit
 * and its notifications are notified of now; their announcement rows were written with them.
 */
export const announcePostsJob = definePeriodicJob({
  name: "announce-posts",
  everyMs: () => 15_000,
  runAtStart: true,
  retries: 1,
  retryDelaySeconds: 15,
  expireSeconds: 10 * 60,
  run: async () => {
    const announced = await announceStalePosts();
    if (announced > 0) logger.info({ announced }, "notified of posts their requests left unannounced");
  },
});
