import "server-only";
import { defineEnqueuedJob, definePeriodicJob } from "@/lib/jobs/define-job";
import { logger } from "@/lib/log";
import { buildUserExport, removeExpiredExports, removeExportFile } from "@/lib/services/user-exports";

/**
 * Written with a person's export request, in its transaction (lib/services/user-exports.ts): writes
 * the zip into the upload storage and marks the export ready. A failed run is retried from the
 * start (the zip is written again under the same name).
 */
export const buildUserExportJob = defineEnqueuedJob({
  name: "build-user-export",
  retries: 6,
  retryDelaySeconds: 30,
  expireSeconds: 60 * 60,
  pollSeconds: 2,
  batchSize: 1,
  run: ({ userId, fileKey }) => buildUserExport(userId, fileKey),
});

/** Written with a request that replaces a finished export: its zip goes from storage. */
export const removeUserExportJob = defineEnqueuedJob({
  name: "remove-user-export",
  retries: 8,
  retryDelaySeconds: 30,
  expireSeconds: 5 * 60,
  pollSeconds: 10,
  batchSize: 20,
  run: ({ fileKey }) => removeExportFile(fileKey),
});

/** Hourly: the zips of exports past their seven days are removed (their status reads expired from the moment they pass). */
export const expireUserExportsJob = definePeriodicJob({
  name: "expire-user-exports",
  everyMs: () => 60 * 60_000,
  runAtStart: true,
  retries: 3,
  retryDelaySeconds: 60,
  expireSeconds: 30 * 60,
  run: async () => {
    const removed = await removeExpiredExports();
    if (removed > 0) logger.info({ exports: removed }, "removed expired data exports");
  },
});
