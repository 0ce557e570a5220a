import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
// @ts-expect-error: plain ES modules of the cluster scripts, without type declarations
import { setReplayPaused, startServer as startPostgres, stopServer as stopPostgres } from "../../scripts/cluster/postgres.mjs";
// @ts-expect-error: as above
import { startRedis } from "../../scripts/cluster/services.mjs";
import { chromium } from "playwright";
import {
  apiCall,
  createApiKey,
  createNamedGroupWithThread,
  createPost,
  readThreadPostIds,
  readUserPostIds,
  registerUser,
  type ClusterUser,
} from "../support/cluster-client";
import { countDelivery, sumDeliveries, type Acknowledged } from "../support/event-delivery";
import { followEvents, type EventFollower } from "../support/sse-follower";

// Contract section 16 under faults, through haproxy in front of four instances on pgbouncer, a
// primary, a streaming replica and Redis (tests/support/cluster-setup.ts). Each test prints its
// counts; bench/results/<date>.md records them (docs/operations.md, "Several instances").

const cluster = inject("cluster");
const base = cluster.baseUrl;
const key = cluster.apiKey;

interface Tally {
  ok: number;
  byStatus: Record<number, number>;
  networkErrors: number;
  dbs: Record<string, number>;
  instances: Record<string, number>;
}

function newTally(): Tally {
  return { ok: 0, byStatus: {}, networkErrors: 0, dbs: {}, instances: {} };
}

async function timedFetch(tally: Tally, url: string, init?: RequestInit): Promise<{ response: Response; text: string } | null> {
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;
    if (response.ok) tally.ok += 1;
    const db = response.headers.get("x-agora-db") ?? "none";
    tally.dbs[db] = (tally.dbs[db] ?? 0) + 1;
    const instance = response.headers.get("x-agora-instance") ?? "none";
    tally.instances[instance] = (tally.instances[instance] ?? 0) + 1;
    return { response, text };
  } catch {
    tally.networkErrors += 1;
    return null;
  }
}

/** A post written through haproxy, counted in `tally`; an acknowledged one (200) joins `acknowledged` with its answer's time. */
async function writePost(tally: Tally, user: ClusterUser, threadId: number, text: string, acknowledged: Acknowledged[]): Promise<void> {
  const answer = await timedFetch(tally, `${base}/api/v2/threads/${threadId}/posts/create`, {
    method: "POST",
    headers: { api_key: key, authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: JSON.stringify({ content: JSON.stringify([{ insert: `${text}\n` }]) }),
  });
  if (answer?.response.status === 200)
    acknowledged.push({ postId: (JSON.parse(answer.text) as { data: { post: { id: number } } }).data.post.id, at: Date.now() });
}

/** `workers` loops of `step` until `ms` passed. */
async function runFor(ms: number, workers: number, step: (worker: number) => Promise<void>): Promise<void> {
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (Date.now() < until) await step(worker);
    }),
  );
}

async function replicaLag(): Promise<number | null> {
  const health = (await (await fetch(`${cluster.instances[0]!.baseUrl}/api/health`)).json()) as { replica: { lag_ms: number | null } | null };
  return health.replica?.lag_ms ?? null;
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Opens a follower of the thread's events per entry of `firstUrls`, each signed in as one of the writers; all reconnect through haproxy. */
function followThread(threadId: number, firstUrls: readonly string[], tokens: readonly string[]): Promise<EventFollower[]> {
  return Promise.all(
    firstUrls.map((firstUrl, n) =>
      followEvents(`/api/v2/threads/${threadId}/events`, { firstUrl, reconnectUrl: base, apiKey: key, token: tokens[n % tokens.length] }),
    ),
  );
}

/**
 * Waits (up to 20 s) for every acknowledged post to reach every follower, closes them, and answers
 * the counts: a follower that misses one fails the test after the line is printed.
 */
async function settleDelivery(label: string, followers: readonly EventFollower[], acknowledged: readonly Acknowledged[]) {
  const postIds = acknowledged.map((item) => item.postId);
  await Promise.all(followers.map((follower) => follower.waitForPosts(postIds, 20_000).catch(() => undefined)));
  for (const follower of followers) follower.close();
  const deliveries = followers.map((follower) => countDelivery(follower, acknowledged));
  const total = sumDeliveries(deliveries);
  const attempts = followers.reduce((sum, follower) => sum + follower.failedAttempts, 0);
  console.log(
    `${label} live events: ${acknowledged.length} acknowledged posts x ${total.clients} clients = ${postIds.length * total.clients} expected, ${total.received} received (${total.afterReconnect} after reconnecting, ${total.replayed} of them replayed from the log), ${total.missing} missing, ${total.duplicates} duplicates, ${total.outOfOrder} out of id order, ${total.unacknowledged} of unacknowledged posts; ${total.reconnected} clients reconnected (${attempts} failed attempts), connections answered by ${JSON.stringify(followers.map((follower) => follower.instances.join(">")))}`,
  );
  for (const [n, delivery] of deliveries.entries())
    if (delivery.missing.length > 0) console.log(`  client ${n} missed ${JSON.stringify(delivery.missing)} (connections ${followers[n]!.instances.join(">")})`);
  return { deliveries, total };
}

const guestRead = (userId: number) => `${base}/api/v2/users/${userId}/posts?per_page=5`;
// Guests of another client app: the writers' key is held on the primary after each write (contract section 16).
const guestHeaders = { api_key: "" };

describe("several instances behind haproxy (contract section 16)", () => {
  const writers: { user: ClusterUser; threadId: number; groupName: string }[] = [];

  beforeAll(async () => {
    guestHeaders.api_key = createApiKey(cluster.primaryUrl, "guests' app");
    for (let i = 0; i < 4; i++) {
      const user = await registerUser(base, key);
      writers.push({ user, ...(await createNamedGroupWithThread(base, key, user)) });
    }
    await waitFor(async () => (await replicaLag()) === 0, "the replica to catch up");
  });

  it("read-your-writes with the replica's replay paused: 1,000 write-then-read pairs, 0 misses, every write read on the primary; other readers (guests, a signed-in reader) on another key stay on the replica", async () => {
    let pairs = 0;
    const misses: number[] = [];
    const guests = newTally();
    const otherReader = newTally();
    const writes: Record<string, number> = {};
    const reader = await registerUser(base, guestHeaders.api_key);
    const { groupName, threadId: readThreadId } = writers[0]!;
    const readerHeaders = { api_key: guestHeaders.api_key, authorization: `Bearer ${reader.token}` };
    let windows = 0;
    while (pairs < 1_000 && windows < 40) {
      windows += 1;
      await setReplayPaused(cluster.replicaUrl, true);
      try {
        // 3.5 s per window: the replica stays under the 5 s lag cut-off, so guests may read it.
        await runFor(3_500, 6, async (worker) => {
          if (worker === 4) {
            await timedFetch(guests, guestRead(writers[0]!.user.id), { headers: guestHeaders });
            return;
          }
          if (worker === 5) {
            // Each read marks the thread read for the reader: a bookkeeping write that must not hold them on the primary.
            await timedFetch(otherReader, `${base}/api/get_thread/${readThreadId}?group_name=${groupName}&page_size=5`, { headers: readerHeaders });
            return;
          }
          const { user, threadId } = writers[worker]!;
          const written = await apiCall<{ post: { id: number } }>(base, key, "POST", `/api/v2/threads/${threadId}/posts/create`, {
            token: user.token,
            body: { content: JSON.stringify([{ insert: `pair ${pairs}\n` }]) },
          });
          expect(written.status).toBe(200);
          const db = written.headers.get("x-agora-db") ?? "none";
          writes[db] = (writes[db] ?? 0) + 1;
          const postId = written.body.data.post.id;
          const own = await readUserPostIds(base, key, user.id, user.token);
          if (!own.ids.includes(postId)) misses.push(postId);
          pairs += 1;
        });
      } finally {
        await setReplayPaused(cluster.replicaUrl, false);
      }
      await waitFor(async () => (await replicaLag()) === 0, "the replica to catch up");
    }
    console.log(
      `read-your-writes: ${pairs} pairs in ${windows} paused windows, ${misses.length} misses; writes answered by ${JSON.stringify(writes)}; guest reads ${JSON.stringify(guests.dbs)}; signed-in reader on another key ${JSON.stringify(otherReader.dbs)}`,
    );
    expect(misses).toEqual([]);
    expect(pairs).toBeGreaterThanOrEqual(1_000);
    expect(writes).toEqual({ primary: pairs });
    expect(guests.byStatus[200]).toBeGreaterThan(0);
    expect(guests.dbs.replica ?? 0).toBeGreaterThan((guests.dbs.primary ?? 0) * 4);
    expect(Object.keys(otherReader.byStatus)).toEqual(["200"]);
    expect(otherReader.dbs.replica ?? 0).toBeGreaterThan((otherReader.dbs.primary ?? 0) * 4);
  }, 400_000);

  it("one rate budget across four instances: 600 purse registers a minute, 2,000 sent, exactly 600 pass", async () => {
    const tally = newTally();
    let sent = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < 2_000) {
          sent += 1;
          const wallet = createEvmTestWallet();
          await timedFetch(tally, `${base}/api/v2/purse/register`, {
            method: "POST",
            headers: { api_key: key, "content-type": "application/json" },
            body: JSON.stringify({ web3_public_key: wallet.checksumAddress, username: `p${wallet.address.slice(2, 14)}` }),
          });
        }
      }),
    );
    console.log(`rate limit: ${JSON.stringify(tally.byStatus)} over ${JSON.stringify(tally.instances)}`);
    expect(tally.byStatus[200]).toBe(600);
    expect(tally.byStatus[429]).toBe(1_400);
    expect(Object.keys(tally.instances)).toHaveLength(4);
  });

  it("Redis stopped for 20 s under load: no 5xx, no failed request; every acknowledged post reaches the event streams", async () => {
    const redisDir = path.join(cluster.dir, "redis");
    const pid = Number(fs.readFileSync(path.join(redisDir, "redis.pid"), "utf8"));
    const tally = newTally();
    const { user } = writers[0]!;
    const { threadId } = await createNamedGroupWithThread(base, key, user);
    // Four clients through haproxy follow the written thread through the outage and after it.
    const followers = await followThread(
      threadId,
      [base, base, base, base],
      writers.map((writer) => writer.user.token),
    );
    const acknowledged: Acknowledged[] = [];
    const load = runFor(28_000, 4, async (worker) => {
      if (worker === 0) await writePost(tally, user, threadId, "while Redis is down", acknowledged);
      else await timedFetch(tally, guestRead(writers[worker]!.user.id), { headers: guestHeaders });
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    process.kill(pid, "SIGKILL");
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    await startRedis({ dir: redisDir, port: cluster.ports.redis });
    const restartedAt = Date.now();
    await load;
    const during = acknowledged.filter((item) => item.at >= stoppedAt && item.at < restartedAt).length;
    const after = acknowledged.filter((item) => item.at >= restartedAt).length;
    console.log(
      `redis stopped: ${JSON.stringify(tally.byStatus)}, ${tally.networkErrors} network errors; posts acknowledged ${acknowledged.length - during - after} before, ${during} during, ${after} after the outage`,
    );
    const { total } = await settleDelivery("redis stopped:", followers, acknowledged);
    const serverErrors = Object.entries(tally.byStatus).filter(([status]) => Number(status) >= 500);
    expect(serverErrors).toEqual([]);
    expect(tally.networkErrors).toBe(0);
    expect(tally.ok).toBe(Object.values(tally.byStatus).reduce((sum, n) => sum + n, 0));
    expect(during).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
    expect(total.missing).toBe(0);
    expect(total.duplicates).toBe(0);
  });

  it("replica killed under load: 0 failed requests; reads return to it once it is back", async () => {
    const tally = newTally();
    const replicaDir = path.join(cluster.dir, "postgres", "replica");
    const load = runFor(8_000, 4, async (worker) => {
      await timedFetch(tally, guestRead(writers[worker]!.user.id), { headers: guestHeaders });
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stopPostgres(replicaDir, "immediate");
    await load;
    console.log(`replica killed: ${JSON.stringify(tally.byStatus)}, reads ${JSON.stringify(tally.dbs)}, ${tally.networkErrors} network errors`);
    expect(tally.networkErrors).toBe(0);
    expect(tally.ok).toBe(Object.values(tally.byStatus).reduce((sum, n) => sum + n, 0));
    expect(tally.dbs.replica).toBeGreaterThan(0);
    expect(tally.dbs.primary).toBeGreaterThan(0);
    startPostgres(replicaDir, cluster.ports.replica, path.join(cluster.dir, "postgres", "sockets"));
    const back = newTally();
    await waitFor(
      async () => (await timedFetch(back, guestRead(writers[0]!.user.id), { headers: guestHeaders }))?.response.headers.get("x-agora-db") === "replica",
      "reads back on the replica",
      60_000,
    );
  });

  it("a server action rendered by one instance runs on another (Load more replies, through haproxy)", async () => {
    const { groupName, threadId } = writers[0]!;
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    try {
      const page = await browser.newPage();
      const actions: { instance: string | undefined; status: number }[] = [];
      page.on("response", (response) => {
        if (response.request().method() === "POST" && response.request().headers()["next-action"])
          actions.push({ instance: response.headers()["x-agora-instance"], status: response.status() });
      });
      let crossed = false;
      for (let attempt = 0; attempt < 6 && !crossed; attempt++) {
        const rendered = await page.goto(`${base}/g/${groupName}/t/${threadId}`);
        const renderedBy = rendered?.headers()["x-agora-instance"];
        const before = await page.getByTestId("post").count();
        const seen = actions.length;
        await page.getByRole("button", { name: "Load more replies" }).click();
        await page.waitForFunction((count) => document.querySelectorAll('[data-testid="post"]').length > count, before, { timeout: 20_000 });
        const action = actions.slice(seen).find((item) => item.status === 200);
        expect(action).toBeDefined();
        crossed = action!.instance !== renderedBy;
        if (crossed) console.log(`server action: page rendered by ${renderedBy}, its action answered by ${action!.instance}`);
      }
      expect(crossed).toBe(true);
      expect(actions.every((item) => item.status === 200)).toBe(true);
    } finally {
      await browser.close();
    }
  });

  it("kill -9 of one instance under load behind haproxy: 0 failed reads; failed writes at most those in flight; no acknowledged post lost, in get_thread or as an event for clients that reconnect", async () => {
    const reads = newTally();
    const writes = newTally();
    const victim = cluster.instances[3]!;
    const owner = writers[1]!.user;
    const { groupName, threadId } = await createNamedGroupWithThread(base, key, owner);
    // Three writers on one thread, so its events come from several instances at once.
    const threadWriters = [writers[1]!.user, writers[2]!.user, writers[3]!.user];
    for (const writer of threadWriters) await createPost(base, key, writer, threadId, "before kill -9");
    // One stream straight to each instance (the victim's dies with it) and four through haproxy.
    const followers = await followThread(
      threadId,
      [...cluster.instances.map((instance) => instance.baseUrl), base, base, base, base],
      writers.map((writer) => writer.user.token),
    );
    const acknowledged: Acknowledged[] = [];
    const load = runFor(8_000, 8, async (worker) => {
      if (worker < threadWriters.length) await writePost(writes, threadWriters[worker]!, threadId, `under kill -9 from writer ${worker}`, acknowledged);
      else await timedFetch(reads, guestRead(writers[worker % 4]!.user.id), { headers: guestHeaders });
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // The instance's whole process group (next start and its server), like a crashed machine.
    process.kill(-Number(fs.readFileSync(victim.pidFile, "utf8")), "SIGKILL");
    await load;
    const failedReads = Object.values(reads.byStatus).reduce((sum, n) => sum + n, 0) - reads.ok + reads.networkErrors;
    const failedWrites = Object.values(writes.byStatus).reduce((sum, n) => sum + n, 0) - writes.ok + writes.networkErrors;
    console.log(
      `kill -9: reads ${JSON.stringify(reads.byStatus)} (${reads.networkErrors} network errors) over ${JSON.stringify(reads.instances)}; writes ${JSON.stringify(writes.byStatus)}, ${writes.networkErrors} network errors, over ${JSON.stringify(writes.instances)}`,
    );
    const stored = new Set(await readThreadPostIds(base, key, groupName, threadId, owner.token));
    const lost = acknowledged.filter((item) => !stored.has(item.postId)).map((item) => item.postId);
    // Posts whose answer was lost with the instance may still have committed: get_thread shows them too.
    const unanswered = stored.size - threadWriters.length - (acknowledged.length - lost.length);
    console.log(
      `kill -9: ${acknowledged.length} acknowledged posts, ${lost.length} missing from get_thread; ${unanswered} more whose answer was lost committed anyway`,
    );
    const { deliveries, total } = await settleDelivery("kill -9:", followers, acknowledged);
    // haproxy replays a read the dead instance never answered; a read whose answer had begun
    // streaming when the process died cannot be replayed by any balancer. At most one per reader
    // (five) is in flight: most runs lose none, one lost 1 of 520.
    expect(failedReads).toBeLessThanOrEqual(5);
    // Three writers, one request in flight each; writes are never replayed.
    expect(failedWrites).toBeLessThanOrEqual(threadWriters.length);
    expect(lost).toEqual([]);
    // The victim's own stream dropped and came back through haproxy.
    expect(deliveries[3]!.connections).toBeGreaterThan(1);
    expect(followers[3]!.instances.slice(1)).not.toContain(followers[3]!.instances[0]);
    expect(total.missing).toBe(0);
    expect(total.duplicates).toBe(0);
  });
});
