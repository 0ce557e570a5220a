import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { uniqueName } from "../support/fixtures";
import { runPackageScript, startServer, type RunningServer } from "../support/server-process";
import { textDelta } from "../support/thread-helpers";

// A server of its own is SIGKILLed (its whole process group) in the middle of a burst of 500
// create-post requests, then started again on the same data directory (embedded database) or
// the same PostgreSQL database. Every post that was answered 200 must be there, with the
// content it was answered for, and every counter the schema keeps for posts must agree with
// COUNT(*) of the rows it counts.

const BURST = 500;
const CONCURRENCY = 8;
const KILL_AFTER_SUCCESSES = 200;

const dataDir = path.resolve(".test-data", `durability-${Date.now()}-${process.pid}`);
const databaseUrl = inject("databaseUrl");
let server: RunningServer;
let apiKey: string;

function serverEnv(): Record<string, string> {
  return {
    AGORA_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    AGORA_RATE_LIMIT_PER_MINUTE: "100000",
    AGORA_PURSE_REGISTER_PER_MINUTE: "100000",
  };
}

interface Answer {
  status: number;
  body: { status: boolean; description: string; data: Record<string, unknown> };
}

async function post(pathName: string, body: Record<string, unknown>, token?: string): Promise<Answer> {
  const response = await fetch(new URL(pathName, server.baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", api_key: apiKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function registerUser(): Promise<{ id: number; token: string }> {
  const wallet = createEvmTestWallet();
  const url = new URL("/api/wallet/nonce", server.baseUrl);
  url.searchParams.set("web3_public_key", wallet.checksumAddress);
  url.searchParams.set("wallet_type", "5");
  const nonce = (await (await fetch(url, { headers: { api_key: apiKey } })).json()) as { data: { message: string } };
  const message = nonce.data.message;
  const answer = await post("/api/wallet/register", {
    web3_public_key: wallet.checksumAddress,
    wallet_type: 5,
    signMsg: message,
    sign: await wallet.sign(message),
    username: uniqueName("durable"),
    photo_url: "",
  });
  expect(answer.status, answer.body.description).toBe(200);
  const data = answer.body.data as { user: { id: number }; api_token: string };
  return { id: data.user.id, token: data.api_token };
}

/** A direct connection to the database the durability server uses. */
async function connectDatabase(): Promise<pg.Client> {
  const url = databaseUrl || (JSON.parse(fs.readFileSync(path.join(dataDir, "server.json"), "utf8")) as { url: string }).url;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  return client;
}

/** Every counter of the group, its threads and posts and its authors (the group's and authors' posts_count: row plus tallies) that disagrees with the rows it counts. */
async function counterMismatches(db: pg.Client, groupId: number, userIds: number[]): Promise<unknown[]> {
  const threads = await db.query(
    `SELECT t.id, t.posts_count, t.first_level_count, t.participants_count,
       (SELECT count(*)::int FROM posts p WHERE p.thread_id = t.id) AS posts,
       (SELECT count(*)::int FROM posts p WHERE p.thread_id = t.id AND p.parent_id IS NULL AND p.id <> t.first_post_id) AS first_level,
       (SELECT count(DISTINCT p.user_id)::int FROM posts p WHERE p.thread_id = t.id) AS participants,
       (SELECT count(*)::int FROM thread_participants tp WHERE tp.thread_id = t.id) AS participant_rows
     FROM threads t WHERE t.group_id = $1`,
    [groupId],
  );
  const posts = await db.query(
    `SELECT p.id, p.children_count, (SELECT count(*)::int FROM posts c WHERE c.parent_id = p.id) AS children
     FROM posts p WHERE p.group_id = $1`,
    [groupId],
  );
  const group = await db.query(
    `SELECT (g.posts_count + COALESCE((SELECT sum(s.posts_count) FROM group_tallies s WHERE s.group_id = g.id), 0))::int AS posts_count, g.threads_count, g.members_count,
       (SELECT count(*)::int FROM posts p WHERE p.group_id = g.id) AS posts,
       (SELECT count(*)::int FROM threads t WHERE t.group_id = g.id) AS threads,
       (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS members
     FROM groups g WHERE g.id = $1`,
    [groupId],
  );
  const users = await db.query(
    `SELECT u.id, (u.posts_count + COALESCE((SELECT sum(s.posts_count) FROM user_tallies s WHERE s.user_id = u.id), 0))::int AS posts_count,
       (SELECT count(*)::int FROM posts p WHERE p.user_id = u.id) AS posts FROM users u WHERE u.id = ANY($1::int[])`,
    [userIds],
  );
  return [
    ...threads.rows.filter(
      (t) =>
        t.posts_count !== t.posts || t.first_level_count !== t.first_level || t.participants_count !== t.participants || t.participants !== t.participant_rows,
    ),
    ...posts.rows.filter((p) => p.children_count !== p.children),
    ...group.rows.filter((g) => g.posts_count !== g.posts || g.threads_count !== g.threads || g.members_count !== g.members),
    ...users.rows.filter((u) => u.posts_count !== u.posts),
  ];
}

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  server = await startServer(serverEnv(), { detached: true });
  apiKey = runPackageScript("apikey", ["create", "durability"], server.env).trim().split("\n").pop()!.trim();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a SIGKILL in the middle of a burst of posts", () => {
  it("loses no post that was answered with success, and every counter agrees with the rows", async () => {
    const users = [await registerUser(), await registerUser(), await registerUser()];
    const [owner] = users;
    const group = await post(
      "/api/group/create",
      { title: "Durability", name: uniqueName("durable"), description: "d", cover: "", logo: "", uid: owner!.id, signature: "0x00" },
      owner!.token,
    );
    expect(group.status, group.body.description).toBe(200);
    const groupId = (group.body.data as { user: { groups: { id: number }[] } }).user.groups.at(-1)!.id;
    const threadIds: number[] = [];
    for (const title of ["First", "Second"]) {
      const thread = await post(`/api/v2/groups/${groupId}/threads/create`, { title, content: textDelta(title) }, owner!.token);
      expect(thread.status, thread.body.description).toBe(200);
      threadIds.push((thread.body.data as { thread: { id: number } }).thread.id);
    }

    const answered = new Map<number, { threadId: number; text: string }>();
    let failed = 0;
    let refused = 0;
    let killed: Promise<void> | undefined;
    let next = 0;
    const replyTargets: number[] = [];
    const worker = async () => {
      while (next < BURST) {
        const index = next++;
        const user = users[index % users.length]!;
        const threadId = threadIds[index % threadIds.length]!;
        const text = `durable ${index}`;
        // Every fifth post replies to an earlier one of the same thread.
        const parent = index % 5 === 4 ? replyTargets.find((id) => answered.get(id)?.threadId === threadId) : undefined;
        try {
          const answer = await post(
            `/api/v2/threads/${threadId}/posts/create`,
            { content: textDelta(text), ...(parent ? { parent_id: parent } : {}) },
            user.token,
          );
          if (answer.status === 200) {
            const id = (answer.body.data as { post: { id: number } }).post.id;
            answered.set(id, { threadId, text });
            if (replyTargets.length < 20) replyTargets.push(id);
          } else refused += 1;
        } catch {
          failed += 1;
        }
        if (!killed && answered.size >= KILL_AFTER_SUCCESSES) killed = server.killGroup("SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killed;
    expect(killed, "the burst ended before the kill").toBeDefined();
    expect(refused).toBe(0);
    expect(failed).toBeGreaterThan(0);

    server = await startServer(serverEnv(), { detached: true });
    const db = await connectDatabase();
    try {
      const { rows } = await db.query<{ id: number; thread_id: number; content: string }>(
        "SELECT id, thread_id, content FROM posts WHERE id = ANY($1::int[])",
        [[...answered.keys()]],
      );
      const found = new Map(rows.map((row) => [row.id, row]));
      const missing = [...answered].filter(
        ([id, expected]) => found.get(id)?.thread_id !== expected.threadId || !found.get(id)!.content.includes(expected.text),
      );
      expect(missing).toEqual([]);
      expect(
        await counterMismatches(
          db,
          groupId,
          users.map((user) => user.id),
        ),
      ).toEqual([]);

      // The restarted server takes writes again, and they keep the counters right.
      const after = await post(`/api/v2/threads/${threadIds[0]}/posts/create`, { content: textDelta("after the restart") }, users[1]!.token);
      expect(after.status, after.body.description).toBe(200);
      expect(
        await counterMismatches(
          db,
          groupId,
          users.map((user) => user.id),
        ),
      ).toEqual([]);
      console.log(
        `durability (${databaseUrl ? "PostgreSQL" : "embedded"}): ${BURST} posts sent, SIGKILL after ${KILL_AFTER_SUCCESSES} successes; ` +
          `${answered.size} writes answered 200 all found after restart, ${failed} cut off by the kill`,
      );
    } finally {
      await db.end();
    }
  }, 300_000);
});
