// The requests the benchmark measures, in the order it runs them (the floor first: every other
// row is a share of it; the create post rows last: they are the only ones that change the data).
import type { FeedReaders } from "./feed-readers";
import { LIST_PAGE_SIZE, type Targets } from "./targets";

export interface Scenario {
  key: string;
  name: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** Writes: a new request each time (a new reply; for several writers, the next writer's thread and token). */
  next?: () => { path: string; headers: Record<string, string>; body: string };
  /** Writes: the threads it posts to and their authors, whose counters are checked afterwards. */
  writes?: { id: number; authorId: number }[];
}

export interface Credentials {
  apiKey: string;
  /** api_token of the typical thread's author (a member of its group). */
  token: string;
  /** api_token of each of targets.writers' authors, in the same order. */
  writerTokens: string[];
  /** `Cookie` header of a web session of the typical thread's author (bench/load/session-cookie.ts). */
  sessionCookie: string;
  /** The unread feed's two readers (bench/load/feed-readers.ts) and their api_tokens. */
  feedReaders?: FeedReaders & { fewToken: string; manyToken: string };
}

const count = (value: number) => value.toLocaleString("en-US");

/** Unread pages of the same size for a reader following few threads and one following many. */
function feedReaderRows(readers: Credentials["feedReaders"], guest: Record<string, string>): Scenario[] {
  if (!readers) return [];
  return (["few", "many"] as const).map((which) => ({
    key: `feed_unread_${which}`,
    name: `feed unread, ${count(readers[which].follows)} followed threads (10 a page)`,
    method: "GET",
    path: "/api/v2/feed?filter=unread&per_page=10",
    headers: { ...guest, authorization: `Bearer ${which === "few" ? readers.fewToken : readers.manyToken}` },
  }));
}

export function buildScenarios(targets: Targets, credentials: Credentials): Scenario[] {
  const guest = { api_key: credentials.apiKey };
  const signedIn = { ...guest, authorization: `Bearer ${credentials.token}` };
  const { typicalThread: typical, hugeThread: huge, bigGroup: big, author, writers } = targets;
  const threadPath = (id: number, groupName: string, extra = "") => `/api/get_thread/${id}?group_name=${encodeURIComponent(groupName)}${extra}`;
  const groupThreads = (page: number) => `/api/v2/groups/${big.id}/threads?page=${page}&per_page=${LIST_PAGE_SIZE}`;
  let replies = 0;
  const replyBody = () => JSON.stringify({ content: JSON.stringify([{ insert: `Benchmark reply ${++replies}: checking the numbers.\n` }]) });
  const threadPage = `/g/${typical.groupName}/t/${typical.id}/${typical.slug}`;
  const signedInPage = { cookie: credentials.sessionCookie };
  const createPath = (threadId: number) => `/api/v2/threads/${threadId}/posts/create`;
  const writeHeaders = (token: string) => ({ ...guest, authorization: `Bearer ${token}`, "content-type": "application/json" });
  let nextWriter = 0;

  return [
    { key: "floor", name: "floor (constant route handler)", method: "GET", path: "/api/bench-floor", headers: {} },
    {
      key: "thread_guest",
      name: `get thread, typical (${typical.postsCount} posts), guest`,
      method: "GET",
      path: threadPath(typical.id, typical.groupName),
      headers: guest,
    },
    { key: "thread_signed_in", name: "get thread, typical, signed in", method: "GET", path: threadPath(typical.id, typical.groupName), headers: signedIn },
    {
      key: "thread_huge",
      name: `get thread, huge (${count(huge.postsCount - 1)} replies)`,
      method: "GET",
      path: threadPath(huge.id, huge.groupName),
      headers: guest,
    },
    {
      key: "thread_huge_deep",
      name: "get thread, huge, deep page",
      method: "GET",
      path: threadPath(huge.id, huge.groupName, `&start_post_id=${huge.deepStartPostId}`),
      headers: guest,
    },
    { key: "group_threads_p1", name: `group threads page 1 (${count(big.threadsCount)} threads)`, method: "GET", path: groupThreads(1), headers: guest },
    { key: "group_threads_deep", name: `group threads page ${count(big.deepPage)}`, method: "GET", path: groupThreads(big.deepPage), headers: guest },
    // Signed in, the answer is not a kept guest answer: these walk the listing itself.
    { key: "group_threads_p1_signed_in", name: "group threads page 1, signed in", method: "GET", path: groupThreads(1), headers: signedIn },
    {
      key: "group_threads_deep_signed_in",
      name: `group threads page ${count(big.deepPage)}, signed in`,
      method: "GET",
      path: groupThreads(big.deepPage),
      headers: signedIn,
    },
    {
      key: "category_threads",
      name: "category threads",
      method: "GET",
      path: `/api/v2/groups/${big.id}/categories/${big.categoryId}?per_page=${LIST_PAGE_SIZE}`,
      headers: guest,
    },
    { key: "user_posts", name: `user posts (${count(author.postsCount)} posts)`, method: "GET", path: `/api/v2/users/${author.id}/posts`, headers: guest },
    { key: "wallet_posts", name: "wallet posts", method: "GET", path: `/api/user/post/list?web3_public_key=${author.wallet}`, headers: guest },
    { key: "group_info", name: "group info (the biggest group)", method: "GET", path: `/api/v2/groups/${big.id}`, headers: guest },
    // Search: a word in about a quarter of the posts (ranking is capped to the newest 1,000
    // matches), and a phrase of two rare words (about 1 post in 6,400).
    { key: "search_common", name: "search posts, a common word", method: "GET", path: "/api/v2/search?q=documentation", headers: guest },
    {
      key: "search_phrase",
      name: "search posts, a rare phrase",
      method: "GET",
      path: `/api/v2/search?q=${encodeURIComponent('"ledger pruning"')}`,
      headers: guest,
    },
    // Feeds (contract section 17): a page of the site-wide latest and of the reader's unread, and
    // unread pages of the same size for readers following few and many threads.
    { key: "feed_latest", name: "feed latest, signed in", method: "GET", path: "/api/v2/feed?filter=latest", headers: signedIn },
    { key: "feed_top", name: "feed top (week), signed in", method: "GET", path: "/api/v2/feed?filter=top&period=week", headers: signedIn },
    { key: "feed_hot", name: "feed hot, signed in", method: "GET", path: "/api/v2/feed?filter=hot", headers: signedIn },
    { key: "feed_unread", name: "feed unread, signed in (the typical author)", method: "GET", path: "/api/v2/feed?filter=unread", headers: signedIn },
    ...feedReaderRows(credentials.feedReaders, guest),
    { key: "home_html", name: "home page HTML, guest", method: "GET", path: "/", headers: {} },
    { key: "thread_html", name: "thread page HTML, guest", method: "GET", path: threadPage, headers: {} },
    { key: "home_html_signed_in", name: "home page HTML, signed in", method: "GET", path: "/", headers: signedInPage },
    { key: "thread_html_signed_in", name: "thread page HTML, signed in", method: "GET", path: threadPage, headers: signedInPage },
    {
      key: "create_post",
      name: `create post, one thread (${count(typical.followers)} followers) by one author`,
      method: "POST",
      path: createPath(typical.id),
      headers: writeHeaders(credentials.token),
      next: () => ({ path: createPath(typical.id), headers: writeHeaders(credentials.token), body: replyBody() }),
      writes: [{ id: typical.id, authorId: typical.authorId }],
    },
    // The same write spread as a forum's writes are: each request the next of several authors,
    // each in a thread of their own, so posts do not queue on one thread's and one author's rows.
    {
      key: "create_post_spread",
      name: `create post, ${writers.length} threads by ${writers.length} authors`,
      method: "POST",
      path: createPath(writers[0]!.id),
      headers: writeHeaders(credentials.writerTokens[0]!),
      next: () => {
        const index = nextWriter++ % writers.length;
        return { path: createPath(writers[index]!.id), headers: writeHeaders(credentials.writerTokens[index]!), body: replyBody() };
      },
      writes: writers,
    },
  ];
}
