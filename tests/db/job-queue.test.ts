import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getPool, resolveDatabaseUrl } from "@/lib/db/engine/client";
import { inTransaction } from "@/lib/db/engine/transaction";
import { defineEnqueuedJob, definePeriodicJob, type JobDefinition } from "@/lib/jobs/define-job";
import { Unavailable } from "@/lib/errors";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { openQueueConnection } from "@/lib/jobs/queue-connection";
import { completeJobs } from "pg-boss/src/plans";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";
import { startJobRunner, type JobRunner } from "@/lib/jobs/runner";
import { dropJobQueue } from "../support/job-runs";

// The job queue (lib/jobs) on the database the test server uses, embedded or PostgreSQL: runners
// started here with jobs of their own (the server's runner never takes these queues).

declare module "@/lib/jobs/queue/payloads" {
  interface JobPayloads {
    "test-marked": { marker: string };
    "test-flaky": { marker: string; failures: number };
    "test-never-created": { marker: string };
    "test-slow": { marker: string };
  }
}

const TEST_QUEUES = ["test-marked", "test-flaky", "test-periodic", "test-never-created", "test-slow"];
const runners: JobRunner[] = [];

async function startRunner(jobs: JobDefinition[]): Promise<JobRunner> {
  const runner = await startJobRunner({ connectionString: await resolveDatabaseUrl(), jobs, install: true, work: true, poolMax: 2 });
  runners.push(runner);
  return runner;
}

async function dropTestQueues(): Promise<void> {
  for (const name of TEST_QUEUES) await dropJobQueue(name);
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await sleep(50);
}

async function jobStates(marker: string): Promise<string[]> {
  const { rows } = await (
    await getPool()
  ).query<{ state: string }>(
    `SELECT state::text FROM ${JOB_SCHEMA}.job WHERE data->>'marker' = $1 UNION ALL SELECT state::text FROM ${JOB_SCHEMA}.archive WHERE data->>'marker' = $1`,
    [marker],
  );
  return rows.map((row) => row.state);
}

beforeAll(dropTestQueues);

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop(1000)));
  await dropTestQueues();
});

describe("jobs written in a transaction", () => {
  it("a job enqueued in a rolled-back transaction never exists nor runs; one committed runs once", async () => {
    const ran: string[] = [];
    await startRunner([
      defineEnqueuedJob({
        name: "test-marked",
        retries: 0,
        retryDelaySeconds: 1,
        expireSeconds: 30,
        pollSeconds: 0.5,
        batchSize: 5,
        run: async ({ marker }) => void ran.push(marker),
      }),
    ]);
    const rolledBack = `rolled-back-${randomUUID()}`;
    const committed = `committed-${randomUUID()}`;
    await expect(
      inTransaction(async (tx) => {
        expect(await enqueueInTransaction(tx, "test-marked", { marker: rolledBack })).toMatch(/^[0-9a-f-]{36}$/);
        throw new Error("the write fails after enqueueing");
      }),
    ).rejects.toThrow("the write fails after enqueueing");
    await inTransaction((tx) => enqueueInTransaction(tx, "test-marked", { marker: committed }));

    await waitFor(() => ran.includes(committed), 15_000);
    expect(ran).toContain(committed);
    // A poll or two more: nothing else turns up.
    await sleep(1500);
    expect(ran.filter((marker) => marker === committed)).toHaveLength(1);
    expect(ran).not.toContain(rolledBack);
    expect(await jobStates(rolledBack)).toEqual([]);
    expect(await jobStates(committed)).toEqual(["completed"]);
  });
});

// AGORA_MIGRATE_ON_START=0 without npm run db:migrate: a write that needs its job is refused whole.
describe("a queue that is not installed", () => {
  async function rowsOf(table: string, marker: string): Promise<number> {
    const { rows } = await (await getPool()).query(`SELECT count(*)::int AS n FROM ${table} WHERE data->>'marker' = $1`, [marker]);
    return rows[0].n;
  }

  it("enqueueing into a queue never created refuses the write (Unavailable) and rolls it back", async () => {
    const marker = `never-created-${randomUUID()}`;
    const refusal = inTransaction(async (tx) => {
      await enqueueInTransaction(tx, "test-marked", { marker });
      await enqueueInTransaction(tx, "test-never-created", { marker });
    });
    await expect(refusal).rejects.toBeInstanceOf(Unavailable);
    await expect(refusal).rejects.toThrow(/npm run db:migrate/);
    // The job enqueued before it in the same write is gone too.
    expect(await rowsOf(`${JOB_SCHEMA}.job`, marker)).toBe(0);
  });

  it("enqueueing with the queue's schema missing refuses the write (Unavailable)", async () => {
    const marker = `no-schema-${randomUUID()}`;
    // DDL is transactional: the schema is hidden only inside this transaction, which rolls back.
    const refusal = inTransaction(async (tx) => {
      await tx.$executeRawUnsafe(`ALTER SCHEMA ${JOB_SCHEMA} RENAME TO ${JOB_SCHEMA}_hidden`);
      await enqueueInTransaction(tx, "test-marked", { marker });
    });
    await expect(refusal).rejects.toBeInstanceOf(Unavailable);
    expect(await rowsOf(`${JOB_SCHEMA}.job`, marker)).toBe(0);
  });
});

// pg-boss 10 marks a batch done without awaiting it: that statement's failure must not reject.
describe("writing a job's outcome", () => {
  it("a failed completion is logged and settles as nothing completed; any other failed statement still rejects", async () => {
    const connection = openQueueConnection({ connectionString: await resolveDatabaseUrl(), max: 1 });
    try {
      await expect(connection.executeSql(completeJobs(JOB_SCHEMA), ["test-marked", ["not-a-uuid"], null])).resolves.toEqual({ rows: [{ count: "0" }] });
      await expect(connection.executeSql("SELECT 1 / 0", [])).rejects.toThrow(/division by zero/);
    } finally {
      await connection.close();
    }
  });
});

describe("stopping", () => {
  it("a job still running when the stop's wait runs out is failed at once, for another instance to retry, not left active", async () => {
    const started: string[] = [];
    const runner = await startRunner([
      defineEnqueuedJob({
        name: "test-slow",
        retries: 1,
        retryDelaySeconds: 1,
        expireSeconds: 600,
        pollSeconds: 0.5,
        batchSize: 1,
        run: async ({ marker }) => {
          started.push(marker);
          await sleep(5000);
        },
      }),
    ]);
    const marker = `slow-${randomUUID()}`;
    await inTransaction((tx) => enqueueInTransaction(tx, "test-slow", { marker }));
    await waitFor(() => started.includes(marker), 10_000);
    expect(await jobStates(marker)).toEqual(["active"]);
    const stopping = Date.now();
    await runner.stop(300);
    expect(Date.now() - stopping).toBeLessThan(3000);
    expect(await jobStates(marker)).toEqual(["retry"]);
  });
});

describe("failures", () => {
  it("a failing job is retried with growing delays until it succeeds, and fails for good when its attempts run out", async () => {
    const attempts = new Map<string, number[]>();
    await startRunner([
      defineEnqueuedJob({
        name: "test-flaky",
        retries: 2,
        retryDelaySeconds: 1,
        expireSeconds: 30,
        pollSeconds: 0.5,
        batchSize: 1,
        run: async ({ marker, failures }) => {
          const times = attempts.get(marker) ?? [];
          times.push(Date.now());
          attempts.set(marker, times);
          if (times.length <= failures) throw new Error(`attempt ${times.length} fails`);
        },
      }),
    ]);
    const recovers = `recovers-${randomUUID()}`;
    const neverRecovers = `never-${randomUUID()}`;
    await inTransaction(async (tx) => {
      await enqueueInTransaction(tx, "test-flaky", { marker: recovers, failures: 2 });
      await enqueueInTransaction(tx, "test-flaky", { marker: neverRecovers, failures: 99 });
    });

    await waitFor(() => (attempts.get(recovers)?.length ?? 0) >= 3 && (attempts.get(neverRecovers)?.length ?? 0) >= 3, 20_000);
    await sleep(1500);
    const [first, second, third] = attempts.get(recovers) ?? [];
    expect(attempts.get(recovers)).toHaveLength(3);
    // Backoff: the first retry waits the delay (up to twice it), the second at least twice the delay.
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1900);
    expect(await jobStates(recovers)).toEqual(["completed"]);
    // One try and two retries, then it stays failed (where /admin will list it).
    expect(attempts.get(neverRecovers)).toHaveLength(3);
    expect(await jobStates(neverRecovers)).toEqual(["failed"]);
  });
});

// Two runners are two instances of Agora (each its own pool): a periodic job that takes longer than
// its period still never runs on both at once. The embedded database serves one instance.
describe.skipIf(!inject("databaseUrl"))("periodic jobs across instances", () => {
  type Run = { runner: string; start: number; end: number };
  const periodic = (runner: string, everyMs: number, runs: Run[], runAtStart = true) =>
    definePeriodicJob({
      name: "test-periodic",
      everyMs: () => everyMs,
      runAtStart,
      retries: 0,
      retryDelaySeconds: 1,
      expireSeconds: 30,
      run: async () => {
        const start = Date.now();
        await sleep(300);
        runs.push({ runner, start, end: Date.now() });
      },
    });

  it("two runners never run the same periodic job at the same time, and one goes on when the other stops", async () => {
    const runs: Run[] = [];
    const runners = { first: await startRunner([periodic("first", 200, runs)]), second: await startRunner([periodic("second", 200, runs)]) };
    await sleep(4500);
    // Whichever runner polls first takes a waiting run, so one may take them all: stop that one.
    const leader = runs.at(-1)?.runner === "second" ? "second" : "first";
    const other = leader === "first" ? "second" : "first";
    await runners[leader].stop(2000);
    const stoppedAt = Date.now();
    await sleep(4500);
    await runners[other].stop(2000);

    expect(runs.length).toBeGreaterThanOrEqual(6);
    const ordered = [...runs].sort((a, b) => a.start - b.start);
    for (let i = 1; i < ordered.length; i++) expect(ordered[i]!.start, `run ${i} began before run ${i - 1} ended`).toBeGreaterThanOrEqual(ordered[i - 1]!.end);
    expect(runs.filter((run) => run.runner === other && run.start > stoppedAt).length).toBeGreaterThanOrEqual(3);
    const { rows } = await (
      await getPool()
    ).query<{ waiting: number }>(`SELECT count(*)::int AS waiting FROM ${JOB_SCHEMA}.job WHERE name = 'test-periodic' AND state = 'created'`);
    expect(rows[0]!.waiting).toBeLessThanOrEqual(1);
  });

  it("a runner set to a slower period, starting later, does not slow the job down", async () => {
    const runs: Run[] = [];
    const fast = await startRunner([periodic("fast", 200, runs)]);
    await sleep(1500);
    const slowStartedAt = Date.now();
    const slow = await startRunner([periodic("slow", 60_000, runs, false)]);
    await sleep(4000);
    await Promise.all([fast.stop(2000), slow.stop(2000)]);
    // A run every half second or so (300 ms of work, then the next poll): the slow one's setting does not hold it back.
    expect(runs.filter((run) => run.start > slowStartedAt + 500).length).toBeGreaterThanOrEqual(4);
  });
});
