import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";

// Plain HTTP helpers for tests that run servers on a database of their own (a replica pair, the
// cluster): the suite's `call` is bound to the suite's server and key.

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: { status: boolean; code: number | string; description: string; data: T };
}

export async function apiCall<T = Record<string, unknown>>(
  baseUrl: string,
  apiKey: string,
  method: "GET" | "POST",
  path: string,
  options: { token?: string; body?: Record<string, unknown>; query?: Record<string, string | number> } = {},
): Promise<Answer<T>> {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { api_key: apiKey };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body) headers["content-type"] = "application/json";
  const response = await fetch(url, { method, headers, body: options.body ? JSON.stringify(options.body) : undefined });
  const text = await response.text();
  let body: Answer<T>["body"];
  try {
    body = JSON.parse(text) as Answer<T>["body"];
  } catch {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

/** `npm run db:seed` on `databaseUrl` (migrating it first): the API key it prints. */
export function seedDatabase(databaseUrl: string): string {
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "prisma/seed.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_REPLICA_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr}${result.stdout}`);
  const key = result.stdout.trim().split("\n").pop()!.trim();
  if (!/^\S{20,}$/.test(key)) throw new Error(`seed printed no key: ${result.stdout}`);
  return key;
}

/** A new API key on `databaseUrl` (`npm run apikey -- create`), for a second client app. */
export function createApiKey(databaseUrl: string, label: string): string {
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/apikey.ts", "create", label], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_REPLICA_URL: "", AGORA_MIGRATE_ON_START: "0", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const key = result.stdout.trim().split("\n").pop()?.trim() ?? "";
  if (result.status !== 0 || !/^\S{20,}$/.test(key)) throw new Error(`apikey create failed: ${result.stderr}${result.stdout}`);
  return key;
}

export interface ClusterUser {
  id: number;
  token: string;
}

/** Registers a new wallet user over HTTP (nonce, personal_sign, register). */
export async function registerUser(baseUrl: string, apiKey: string): Promise<ClusterUser> {
  const wallet = createEvmTestWallet();
  const nonce = await apiCall<{ message: string }>(baseUrl, apiKey, "GET", "/api/wallet/nonce", {
    query: { web3_public_key: wallet.checksumAddress, wallet_type: 5 },
  });
  const message = nonce.body.data.message;
  const registered = await apiCall<{ user: { id: number }; api_token: string }>(baseUrl, apiKey, "POST", "/api/wallet/register", {
    body: {
      web3_public_key: wallet.checksumAddress,
      wallet_type: 5,
      signMsg: message,
      sign: await wallet.sign(message),
      username: `u${randomBytes(5).toString("hex")}`,
      photo_url: "",
    },
  });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { id: registered.body.data.user.id, token: registered.body.data.api_token };
}

/** A group of `owner`'s with one thread in it: the thread's id. */
export async function createGroupWithThread(baseUrl: string, apiKey: string, owner: ClusterUser): Promise<number> {
  return (await createNamedGroupWithThread(baseUrl, apiKey, owner)).threadId;
}

/** A group of `owner`'s with one thread in it: the group's name and the thread's id. */
export async function createNamedGroupWithThread(baseUrl: string, apiKey: string, owner: ClusterUser): Promise<{ groupName: string; threadId: number }> {
  const name = `g${randomBytes(5).toString("hex")}`;
  const group = await apiCall<{ user: { groups: { id: number; name: string }[] } }>(baseUrl, apiKey, "POST", "/api/group/create", {
    token: owner.token,
    body: { uid: owner.id, name, title: `Group ${name}`, description: "", cover: "", logo: "", signature: "unchecked" },
  });
  if (group.status !== 200) throw new Error(`group create failed: ${group.status} ${JSON.stringify(group.body)}`);
  const groupId = group.body.data.user.groups.find((item) => item.name === name)!.id;
  const thread = await apiCall<{ thread: { id: number } }>(baseUrl, apiKey, "POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: owner.token,
    body: { title: "Replica test", content: JSON.stringify([{ insert: "First\n" }]) },
  });
  if (thread.status !== 200) throw new Error(`thread create failed: ${thread.status} ${JSON.stringify(thread.body)}`);
  return { groupName: name, threadId: thread.body.data.thread.id };
}

/** Creates a post in `threadId`: its id. */
export async function createPost(baseUrl: string, apiKey: string, user: ClusterUser, threadId: number, text: string): Promise<number> {
  const answer = await apiCall<{ post: { id: number } }>(baseUrl, apiKey, "POST", `/api/v2/threads/${threadId}/posts/create`, {
    token: user.token,
    body: { content: JSON.stringify([{ insert: `${text}\n` }]) },
  });
  if (answer.status !== 200) throw new Error(`post failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.post.id;
}

/** The ids of a user's latest posts (GET /api/v2/users/{id}/posts) and where the reads ran. */
export async function readUserPostIds(
  baseUrl: string,
  apiKey: string,
  userId: number,
  token?: string,
): Promise<{ ids: number[]; db: string | null; status: number }> {
  const answer = await apiCall<{ user_posts: { id: number }[] }>(baseUrl, apiKey, "GET", `/api/v2/users/${userId}/posts`, { token, query: { per_page: 5 } });
  return { ids: answer.status === 200 ? answer.body.data.user_posts.map((post) => post.id) : [], db: answer.headers.get("x-agora-db"), status: answer.status };
}

/** Every post id of a thread, oldest first, read page by page through get_thread (sort old). */
export async function readThreadPostIds(baseUrl: string, apiKey: string, groupName: string, threadId: number, token?: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; ;) {
    const answer = await apiCall<{ thread: { posts: { id: number }[] } }>(baseUrl, apiKey, "GET", `/api/get_thread/${threadId}`, {
      token,
      query: { group_name: groupName, sort: "old", page_size: 100, start_post_id: start },
    });
    if (answer.status !== 200) throw new Error(`get_thread answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const page = answer.body.data.thread.posts.map((post) => post.id).filter((id) => !ids.includes(id));
    if (page.length === 0) return ids;
    ids.push(...page);
    start = Math.max(...page);
  }
}
