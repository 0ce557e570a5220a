import type { Recorder } from "./recorder";

// Every read endpoint of both families over the seeded demo data (prisma/seed.ts): four groups,
// their categories, 36 threads and eight users, all with the ids a fresh database gives them.

export const DEMO_GROUPS = [
  { id: 1, name: "agora-lounge" },
  { id: 2, name: "ethereum-dev" },
  { id: 3, name: "permaweb" },
  { id: 4, name: "design-systems" },
];

export const DEMO_USER_IDS = [1, 2, 3, 4, 5, 6, 7, 8];
export const demoAddress = (userId: number) => `0x${String(userId).repeat(40)}`;

export interface SeededIds {
  /** Category ids by group id. */
  categories: Map<number, number[]>;
  /** Threads by group id, as the group listing answers them. */
  threads: Map<number, { id: number; slug: string }[]>;
}

type Data = Record<string, unknown>;

function listOf<T>(data: Data | undefined, key: string): T[] {
  const value = data?.[key];
  return Array.isArray(value) ? (value as T[]) : [];
}

export async function captureSeededReads(rec: Recorder): Promise<SeededIds> {
  const ids: SeededIds = { categories: new Map(), threads: new Map() };
  for (const group of DEMO_GROUPS) {
    const base = `/api/v2/groups/${group.id}`;
    await rec.send(`group-info g${group.id}`, { path: base });
    const categories = await rec.send(`categories g${group.id}`, { path: `${base}/categories` });
    const categoryIds = listOf<{ id: number }>(categories.json.data, "category").map((row) => row.id);
    ids.categories.set(group.id, categoryIds);
    const all = await rec.send(`threads g${group.id} per_page=100`, { path: `${base}/threads`, query: { per_page: 100 } });
    ids.threads.set(group.id, listOf<{ id: number; slug: string }>(all.json.data, "threads"));
    await rec.send(`threads g${group.id} default`, { path: `${base}/threads` });
    await rec.send(`threads g${group.id} sort=new`, { path: `${base}/threads`, query: { sort: "new" } });
    await rec.send(`threads g${group.id} page=2 per_page=3`, { path: `${base}/threads`, query: { page: 2, per_page: 3, sort: "old" } });
    await rec.send(`threads g${group.id} category_id=${categoryIds[0]}`, { path: `${base}/threads`, query: { category_id: categoryIds[0]! } });
    for (const categoryId of categoryIds) await rec.send(`category-threads g${group.id} c${categoryId}`, { path: `${base}/categories/${categoryId}` });
    await rec.send(`members g${group.id}`, { path: `${base}/members` });
    await rec.send(`modlog g${group.id}`, { path: `${base}/modlog` });
  }
  await rec.send("category-threads g1 page=2 per_page=1", {
    path: `/api/v2/groups/1/categories/${ids.categories.get(1)![0]}`,
    query: { page: 2, per_page: 1 },
  });
  await rec.send("categories g2 page=2 per_page=2", { path: "/api/v2/groups/2/categories", query: { page: 2, per_page: 2 } });
  await rec.send("members g1 page=2 per_page=3", { path: "/api/v2/groups/1/members", query: { page: 2, per_page: 3 } });
  await captureThreads(rec, ids);
  await captureUsersAndSearch(rec);
  return ids;
}

async function captureThreads(rec: Recorder, ids: SeededIds): Promise<void> {
  for (const group of DEMO_GROUPS) {
    for (const thread of ids.threads.get(group.id) ?? []) {
      await rec.send(`get_thread t${thread.id}`, { path: `/api/get_thread/${thread.id}`, query: { group_name: group.name }, key: "svc-header" });
    }
  }
  // The post cursor: walk thread 1 and thread 11 page by page, both ways.
  for (const [threadId, groupName] of [
    [1, "agora-lounge"],
    [11, "ethereum-dev"],
  ] as const) {
    for (const sort of ["old", "new"] as const) {
      let start = 0;
      for (let page = 1; page <= 4; page++) {
        const answer = await rec.send(`get_thread t${threadId} sort=${sort} page_size=2 start_post_id=${start}`, {
          path: `/api/get_thread/${threadId}`,
          query: { group_name: groupName, sort, page_size: 2, start_post_id: start },
        });
        const posts = ((answer.json.data?.thread as Data | undefined)?.posts ?? []) as { id: number }[];
        if (posts.length === 0) break;
        start = posts[posts.length - 1]!.id;
      }
    }
  }
  await rec.send("get_thread t2 page_size=100", { path: "/api/get_thread/2", query: { group_name: "agora-lounge", page_size: 100 } });
}

async function captureUsersAndSearch(rec: Recorder): Promise<void> {
  for (const userId of DEMO_USER_IDS) {
    await rec.send(`user-posts u${userId}`, { path: `/api/v2/users/${userId}/posts` });
    await rec.send(`wallet-posts u${userId}`, { path: "/api/user/post/list", query: { web3_public_key: demoAddress(userId) }, key: "svc-header" });
  }
  await rec.send("user-posts u1 page=2 per_page=3", { path: "/api/v2/users/1/posts", query: { page: 2, per_page: 3 } });
  await rec.send("user-posts u1 filter=likes", { path: "/api/v2/users/1/posts", query: { filter: "likes" } });
  await rec.send("user-posts u1 filter=tips", { path: "/api/v2/users/1/posts", query: { filter: "tips" } });
  await rec.send("wallet-posts u2 page=2 per_page=4", { path: "/api/user/post/list", query: { web3_public_key: demoAddress(2), page: 2, per_page: 4 } });
  await rec.send("wallet-posts u3 upper-case address", {
    path: "/api/user/post/list",
    query: { web3_public_key: demoAddress(3).toUpperCase().replace("0X", "0x") },
  });
  const searches: [string, Record<string, string | number>][] = [
    ["words", { q: "wallet" }],
    ["phrase", { q: '"desk setup"' }],
    ["excluded word", { q: "thread -guestbook" }],
    ["threads", { q: "agora", type: "threads" }],
    ["posts in group 2", { q: "gas", group_id: 2 }],
    ["page 2", { q: "experience", page: 2, per_page: 5 }],
    ["no hit", { q: "zzzqqqxxx" }],
    ["markup in query", { q: "<b>bold</b> & co" }],
  ];
  for (const [label, query] of searches) await rec.send(`search ${label}`, { path: "/api/v2/search", query });
  await rec.send("revisions p1", { path: "/api/v2/posts/1/revisions" });
  await rec.send("upload 1 as guest", { path: "/api/v2/uploads/1" });
  await rec.send("upload 3 as guest", { path: "/api/v2/uploads/3" });
  await rec.send("thread events t1 (stream head)", { path: "/api/v2/threads/1/events", key: "query", headersOnly: true });
}
