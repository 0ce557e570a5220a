import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setSiteAdmin } from "@/lib/services/site-admin";
import { call } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp, textDelta } from "../support/thread-helpers";
import { makePng, uploadOk } from "../support/upload-helpers";
import { webSessionCookie } from "../support/web-session";
import {
  createScratchDatabase,
  dropScratchDatabase,
  queryPg,
  queryPglite,
  readBackupFile,
  runScriptAsync,
  spawnScript,
  storedUploads,
  tableChecksums,
  type Query,
} from "../support/backup-helpers";

// Contract section 20: `npm run backup` under a steady write load, restored into PostgreSQL and into
// the embedded database (whichever this run serves, the backup crosses to the other one too).

const work = path.resolve(".test-data", `backups-${process.pid}-${randomBytes(3).toString("hex")}`);
const scratch = `agora_backup_t${process.pid}`;
const serverEnv = process.env;

let owner: TestUser;
let threadId: number;
const backupFile = path.join(work, "forum.agora");
const pgTargetDir = path.join(work, "pg-target");
const embeddedTargetDir = path.join(work, "embedded-target");
let pgTargetUrl: string;
let postsBefore = 0;
let postsAfter = 0;

async function countPosts(): Promise<number> {
  const [row] = await sourceQuery((query) => query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE thread_id = ${threadId}`));
  return row!.n;
}

/** Writers creating posts through the API until told to stop; answers how many each wrote. */
function startWriteLoad(writers: TestUser[]): { stop: () => Promise<number> } {
  let running = true;
  let written = 0;
  const loops = writers.map(async (writer) => {
    while (running) {
      const response = await call("POST", `/api/v2/threads/${threadId}/posts/create`, { token: writer.token, body: { content: textDelta(`load ${written}`) } });
      expect(response.status).toBe(200);
      written++;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return written;
    },
  };
}

async function withPg<T>(url: string, read: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await read(queryPg(client));
  } finally {
    await client.end();
  }
}

async function withEmbedded<T>(dataDir: string, read: (query: Query) => Promise<T>): Promise<T> {
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  try {
    return await read(queryPglite(db));
  } finally {
    await db.close();
  }
}

async function sourceQuery<T>(read: (query: Query) => Promise<T>): Promise<T> {
  const { getPool } = await import("@/lib/db/engine/client");
  const pool = await getPool();
  const client = await pool.connect();
  try {
    return await read(async <Row>(sql: string) => (await client.query(sql)).rows as Row[]);
  } finally {
    client.release();
  }
}

/** What every restored forum must show of the snapshot, read with the tests' own queries. */
async function checkRestored(query: Query, uploadDir: string) {
  // A torn snapshot would show a thread whose counters disagree with its rows.
  const [thread] = await query<{ posts_count: number; n: number; last_post_id: number; max_id: number }>(
    `SELECT t.posts_count, (SELECT count(*)::int FROM posts WHERE thread_id = t.id) AS n, t.last_post_id, (SELECT max(id) FROM posts WHERE thread_id = t.id) AS max_id FROM threads t WHERE t.id = ${threadId}`,
  );
  expect(thread!.posts_count).toBe(thread!.n);
  expect(thread!.last_post_id).toBe(thread!.max_id);
  // The snapshot fell inside the load: not before it began, not after it ended.
  expect(thread!.n).toBeGreaterThanOrEqual(postsBefore);
  expect(thread!.n).toBeLessThanOrEqual(postsAfter);
  // Every restored post is the source's row, unchanged.
  const restoredPosts = await query<{ id: number; sum: string }>(
    `SELECT id, md5(jsonb_build_array(user_id, content, parent_id, created_at AT TIME ZONE 'UTC')::text) AS sum FROM posts WHERE thread_id = ${threadId} ORDER BY id`,
  );
  const sourcePosts = await sourceQuery((source) =>
    source<{ id: number; sum: string }>(
      `SELECT id, md5(jsonb_build_array(user_id, content, parent_id, created_at AT TIME ZONE 'UTC')::text) AS sum FROM posts WHERE id IN (${restoredPosts.map((row) => row.id).join(",")}) ORDER BY id`,
    ),
  );
  expect(restoredPosts).toEqual(sourcePosts);
  // Every upload the rows name is stored, byte for byte (the key is the bytes' sha256).
  const named = await query<{ key: string }>("SELECT DISTINCT sha256 || '.' || ext AS key FROM attachments WHERE sha256 IS NOT NULL ORDER BY 1");
  // (A database reused across test runs names files of earlier runs' stores: those were never here.)
  const source = storedUploads(serverEnv.AGORA_DATA_DIR!);
  const stored = storedUploads(uploadDir);
  expect([...stored.keys()].sort()).toEqual(named.map((row) => row.key).filter((key) => source.has(key)));
  expect(stored.size).toBeGreaterThanOrEqual(3);
  for (const [key, sha256] of stored) {
    expect(`${sha256}.${key.split(".")[1]}`).toBe(key);
    expect(sha256).toBe(source.get(key));
  }
  return tableChecksums(query);
}

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true });
  owner = await createTestUser();
  const group = await createNamedGroup(owner);
  threadId = (await createThreadOverHttp(owner, group.id)).id;
  for (let index = 0; index < 3; index++) await uploadOk(owner, await makePng(16 + index, 16), `picture-${index}.png`, { group_id: group.id, purpose: "post" });
  pgTargetUrl = await createScratchDatabase(scratch);
}, 60_000);

afterAll(async () => {
  await dropScratchDatabase(scratch);
  fs.rmSync(work, { recursive: true, force: true });
});

describe("npm run backup and restore", () => {
  it("takes a consistent snapshot while posts are written, and restores it into PostgreSQL and into the embedded database", async () => {
    const writers = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const load = startWriteLoad(writers);
    await new Promise((resolve) => setTimeout(resolve, 500));
    postsBefore = await countPosts();
    const backup = await runScriptAsync("backup", [backupFile], serverEnv);
    expect(await load.stop()).toBeGreaterThan(0);
    postsAfter = await countPosts();
    expect(backup.stderr + backup.stdout).toContain("Backup written to");
    expect(backup.code).toBe(0);

    const file = await readBackupFile(backupFile);
    expect(file.names[0]).toBe("manifest.json");
    expect(file.names.some((name) => name.startsWith("database/"))).toBe(true);
    expect(file.uploads.size).toBeGreaterThanOrEqual(3);
    expect(file.manifest.source).toBe(serverEnv.DATABASE_URL ? "postgres" : "embedded");

    const intoPg = await runScriptAsync("restore", [backupFile], { ...serverEnv, DATABASE_URL: pgTargetUrl, AGORA_DATA_DIR: pgTargetDir });
    expect(intoPg.stderr + intoPg.stdout).toContain("Restored");
    const intoEmbedded = await runScriptAsync("restore", [backupFile], { ...serverEnv, DATABASE_URL: "", AGORA_DATA_DIR: embeddedTargetDir });
    expect(intoEmbedded.stderr + intoEmbedded.stdout).toContain("Restored");

    const pgSums = await withPg(pgTargetUrl, (query) => checkRestored(query, pgTargetDir));
    const embeddedSums = await withEmbedded(embeddedTargetDir, (query) => checkRestored(query, embeddedTargetDir));
    expect(Object.keys(pgSums).length).toBeGreaterThan(40);
    expect(embeddedSums).toEqual(pgSums);

    // And back: the restored embedded forum's backup restores into PostgreSQL with the same rows.
    const again = path.join(work, "again.agora");
    expect((await runScriptAsync("restore", [backupFile], { ...serverEnv, DATABASE_URL: "", AGORA_DATA_DIR: embeddedTargetDir })).code).not.toBe(0);
    const rebacked = await runScriptAsync("backup", [again], { ...serverEnv, DATABASE_URL: "", AGORA_DATA_DIR: embeddedTargetDir });
    expect(rebacked.code).toBe(0);
    const second = `${scratch}_b`;
    const secondUrl = await createScratchDatabase(second);
    try {
      const back = await runScriptAsync("restore", [again], { ...serverEnv, DATABASE_URL: secondUrl, AGORA_DATA_DIR: path.join(work, "second") });
      expect(back.code).toBe(0);
      expect(await withPg(secondUrl, (query) => checkRestored(query, path.join(work, "second")))).toEqual(pgSums);
    } finally {
      await dropScratchDatabase(second);
    }
  }, 300_000);

  it("refuses a database or an upload store that is not empty, and changes nothing", async () => {
    const before = await withPg(pgTargetUrl, tableChecksums);
    const refused = await runScriptAsync("restore", [backupFile], { ...serverEnv, DATABASE_URL: pgTargetUrl, AGORA_DATA_DIR: path.join(work, "empty-store") });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The database is not empty \(\d+ users\)/);
    expect(await withPg(pgTargetUrl, tableChecksums)).toEqual(before);

    // An empty database beside a store that holds files: refused before anything is created.
    const third = `${scratch}_c`;
    const thirdUrl = await createScratchDatabase(third);
    try {
      const storeBefore = storedUploads(pgTargetDir);
      const refusedStore = await runScriptAsync("restore", [backupFile], { ...serverEnv, DATABASE_URL: thirdUrl, AGORA_DATA_DIR: pgTargetDir });
      expect(refusedStore.code).toBe(1);
      expect(refusedStore.stderr).toContain("The upload store (AGORA_DATA_DIR/uploads) is not empty");
      expect(await withPg(thirdUrl, (query) => query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'"))).toEqual([
        { n: 0 },
      ]);
      expect(storedUploads(pgTargetDir)).toEqual(storeBefore);
    } finally {
      await dropScratchDatabase(third);
    }
  }, 120_000);

  it("leaves no file under the final name when the backup is killed mid-way", async () => {
    const target = path.join(work, "killed.agora");
    const { child, done } = spawnScript("backup", [target], serverEnv);
    // The archive is being written under its temporary name: kill it there.
    while (!fs.readdirSync(work).some((name) => name.startsWith(".killed.agora.") && name.endsWith(".partial"))) {
      if (child.exitCode !== null) throw new Error("the backup ended before it could be killed");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill("SIGKILL");
    const run = await done;
    expect(run.signal).toBe("SIGKILL");
    expect(fs.existsSync(target)).toBe(false);
  }, 120_000);

  it("shows the last backup's time, size and file on the admin health page", async () => {
    const admin = await createTestUser();
    await setSiteAdmin(admin.username, true);
    const cookie = await webSessionCookie(admin.wallet);
    const page = await fetch(new URL("/admin", inject("baseUrl")), { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const { size } = fs.statSync(backupFile);
    expect(html).toContain("Last backup");
    // Either this run's first backup or a later one of this file's tests (the killed one never finished).
    expect(html).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, [\d.]+ (B|KB|MB) \((forum|again)\.agora\)/);
    expect(size).toBeGreaterThan(0);
  });
});
