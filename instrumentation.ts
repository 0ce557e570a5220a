// Runs once when the server starts: writes each request's TCP peer onto its headers (for rate
// limits; lib/http/peer-address.ts), opens the database (starting the embedded one when
// DATABASE_URL is unset), applies pending migrations and fills username skeletons before the
// first request (post HTML of older rows is rendered in the background), then starts the
// background jobs (lib/jobs), the live-event listener and the graceful shutdown on SIGTERM. What
// these start is a process resource (lib/runtime/registry.ts), shared with every bundle; the
// shutdown stops them in reverse order (lib/shutdown.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installPeerAddressHeaders } = await import("@/lib/http/peer-address");
  installPeerAddressHeaders();
  const { installInstanceHeader } = await import("@/lib/http/instance-header");
  installInstanceHeader();
  // Several instances on the embedded database are refused (contract section 16).
  const { claimEmbeddedInstance } = await import("@/lib/db/embedded/instance");
  claimEmbeddedInstance();
  // Connects to REDIS_URL (when set) now, so the first requests already share their budgets.
  const { getRedis } = await import("@/lib/redis");
  getRedis();
  const { getDb } = await import("@/lib/db/engine/client");
  await getDb();
  const { backfillUsernameSkeletons } = await import("@/lib/services/users");
  // Not fatal: with AGORA_MIGRATE_ON_START=0 the column may not exist yet (health says so).
  await backfillUsernameSkeletons().catch((error: unknown) => console.error("username skeleton backfill failed", error));
  // In the background: a post it has not reached yet is rendered by its reader meanwhile.
  const { backfillPostHtml } = await import("@/lib/services/post-html");
  void backfillPostHtml().catch((error: unknown) => console.error("post HTML backfill failed", error));
  // The queues exist before the first request, since writes enqueue into them. A queue that cannot
  // start is logged, not fatal: the forum serves, and the jobs wait in the database for a start.
  const { startJobs } = await import("@/lib/jobs/start-jobs");
  await startJobs().catch((error: unknown) => console.error("background jobs did not start", error));
  // LISTEN for live events from the start (PostgreSQL), so streams opened later miss nothing.
  const { startLiveListener } = await import("@/lib/live/hub");
  startLiveListener();
  const { installGracefulShutdown } = await import("@/lib/shutdown");
  installGracefulShutdown();
}
