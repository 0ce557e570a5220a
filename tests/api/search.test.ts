import { beforeAll, describe, expect, it } from "vitest";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 13: GET /api/v2/search, over real HTTP on the real database.

interface SearchResult {
  type: "thread" | "post";
  thread_id: number;
  post_id: number;
  group_id: number;
  title: string;
  snippet: string;
  score: number;
  created_at: string;
  user: { id: number; username: string; photo_url: string };
}
type SearchData = { results: SearchResult[]; total: number };

const LETTERS = "bcdfghjklmnpqrstvwxz";
/** A made-up word no other test (or run) writes: consonants only, so no stemmer trims it. */
function word(): string {
  return Array.from({ length: 10 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join("");
}

const search = (query: Record<string, string | number>) => call<SearchData>("GET", "/api/v2/search", { query });
const ids = (data: SearchData) => data.results.map((result) => result.post_id);

describe("GET /api/v2/search", () => {
  let author: TestUser;
  let group: { id: number; name: string };
  let otherGroup: { id: number; name: string };
  let threadId: number;

  const post = async (text: string, onThread = threadId) => (await createPostOverHttp(author, onThread, text)).id;

  beforeAll(async () => {
    author = await createTestUser();
    group = await createNamedGroup(author);
    otherGroup = await createNamedGroup(author);
    threadId = (await createThreadOverHttp(author, group.id, { title: "Search fixtures" })).id;
  });

  it("ranks more matches higher, and equal ranks newest first", async () => {
    const needle = word();
    const once = await post(`${needle} and some other words`);
    const thrice = await post(`${needle} ${needle} ${needle} and some other words`);
    const equalOld = await post(`${needle} twice ${needle} here`);
    const equalNew = await post(`${needle} twice ${needle} here`);
    const response = await search({ q: needle });
    expect(response.status).toBe(200);
    expect(ids(response.body.data)).toEqual([thrice, equalNew, equalOld, once]);
    expect(response.body.data.total).toBe(4);
    const [first] = response.body.data.results;
    expect(first).toMatchObject({ type: "post", thread_id: threadId, post_id: thrice, group_id: group.id, title: "Search fixtures" });
    expect(first!.user).toEqual({ id: author.id, username: expect.any(String), photo_url: expect.any(String) });
    expect(first!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const scores = response.body.data.results.map((result) => result.score);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[1]).toBe(scores[2]);
  });

  it("matches a quoted phrase only in order, plain words anywhere", async () => {
    const [a, b] = [word(), word()];
    const together = await post(`the ${a} ${b} case`);
    const apart = await post(`${b} comes before ${a} here`);
    expect(ids((await search({ q: `"${a} ${b}"` })).body.data)).toEqual([together]);
    expect(ids((await search({ q: `${a} ${b}` })).body.data).sort()).toEqual([together, apart].sort());
  });

  // Quoted phrases are looked up by their adjacent word pairs first (migration 20261127050000_search_phrases):
  // whatever the query's shape, that must find exactly what the words themselves would.
  it("finds phrases through their word pairs exactly as through the words", async () => {
    const [a, b, c] = [word(), word(), word()];
    const inOrder = await post(`${a} ${b} ${c}`);
    const punctuated = await post(`${a}, ${b}! ${c}.`);
    const reversed = await post(`${b} ${a} ${c}`);
    const stopWordBetween = await post(`${a} the ${b}`);
    const wordBetween = await post(`${a} something ${b}`);
    const found = async (q: string) => ids((await search({ q })).body.data).sort();
    expect(await found(`"${a} ${b}"`)).toEqual([inOrder, punctuated].sort());
    expect(await found(`"${a} ${b} ${c}"`)).toEqual([inOrder, punctuated].sort());
    expect(await found(`"${a} ${b}" ${c}`)).toEqual([inOrder, punctuated].sort());
    // No adjacent pair to look up ('a' <2> 'b'): any one word between, as PostgreSQL matches it.
    expect(await found(`"${a} the ${b}"`)).toEqual([stopWordBetween, wordBetween].sort());
    // Excluded and optional phrases narrow nothing.
    expect(await found(`${c} -"${a} ${b}"`)).toEqual([reversed]);
    expect(await found(`"${a} ${b}" or "${b} ${a}"`)).toEqual([inOrder, punctuated, reversed].sort());
    expect(await found(`"${b} ${a}" OR "${a} the ${b}"`)).toEqual([reversed, stopWordBetween, wordBetween].sort());
  });

  it("leaves out posts with an -excluded word", async () => {
    const [a, b] = [word(), word()];
    const kept = await post(`${a} alone`);
    await post(`${a} with ${b}`);
    expect(ids((await search({ q: `${a} -${b}` })).body.data)).toEqual([kept]);
  });

  it("filters by group", async () => {
    const needle = word();
    const here = await post(`${needle} in the first group`);
    const otherThread = (await createThreadOverHttp(author, otherGroup.id, { title: "Elsewhere" })).id;
    const there = await post(`${needle} in the second group`, otherThread);
    expect(ids((await search({ q: needle, group_id: group.id })).body.data)).toEqual([here]);
    expect(ids((await search({ q: needle, group_id: otherGroup.id })).body.data)).toEqual([there]);
    expect(ids((await search({ q: needle })).body.data).sort()).toEqual([here, there].sort());
  });

  it("searches threads by title and opening post, posts by their own text", async () => {
    const [inTitle, inBody] = [word(), word()];
    const thread = await createThreadOverHttp(author, group.id, { title: `About ${inTitle}`, content: textDelta(`Opening words ${inBody}`) });
    const reply = await post(`a reply naming ${inTitle}`, thread.id);
    const threads = (await search({ q: inTitle, type: "threads" })).body.data;
    expect(threads.results).toEqual([
      expect.objectContaining({ type: "thread", thread_id: thread.id, post_id: thread.first_post_id, title: `About ${inTitle}` }),
    ]);
    // Words spread over the title and the opening post find the thread as one document.
    expect((await search({ q: `${inTitle} ${inBody}`, type: "threads" })).body.data.results.map((r) => r.thread_id)).toEqual([thread.id]);
    expect(ids((await search({ q: inTitle })).body.data)).toEqual([reply]);
    expect(ids((await search({ q: inBody, type: "posts" })).body.data)).toEqual([thread.first_post_id]);
  });

  it("follows edits of posts, of opening posts and of titles", async () => {
    const [before, after] = [word(), word()];
    const thread = await createThreadOverHttp(author, group.id, { title: "Edited opening", content: textDelta(`was ${before}`) });
    const edit = await call("POST", `/api/v2/posts/${thread.first_post_id}/edit`, { token: author.token, body: { content: textDelta(`now ${after}`) } });
    expect(edit.status).toBe(200);
    expect((await search({ q: before })).body.data.total).toBe(0);
    expect((await search({ q: before, type: "threads" })).body.data.total).toBe(0);
    expect(ids((await search({ q: after })).body.data)).toEqual([thread.first_post_id]);
    expect((await search({ q: after, type: "threads" })).body.data.results.map((r) => r.thread_id)).toEqual([thread.id]);
    // Snippets come from the text stored with the post (post_search_texts): the edited one.
    expect((await search({ q: after })).body.data.results[0]!.snippet).toBe(`now <mark>${after}</mark>`);
    expect((await search({ q: after, type: "threads" })).body.data.results[0]!.snippet).toBe(`now <mark>${after}</mark>`);

    const [oldTitle, newTitle] = [word(), word()];
    const titled = await createThreadOverHttp(author, group.id, { title: `Called ${oldTitle}` });
    const retitle = await call("POST", `/api/v2/threads/${titled.id}/edit`, { token: author.token, body: { title: `Now ${newTitle}` } });
    expect(retitle.status).toBe(200);
    expect((await search({ q: oldTitle, type: "threads" })).body.data.total).toBe(0);
    expect((await search({ q: newTitle, type: "threads" })).body.data.results).toEqual([
      expect.objectContaining({ thread_id: titled.id, title: `Now ${newTitle}` }),
    ]);
  });

  it("never finds a deleted post, or anything of a deleted thread", async () => {
    const needle = word();
    const doomed = await post(`${needle} soon deleted`);
    const kept = await post(`${needle} stays`);
    expect((await call("POST", `/api/v2/posts/${doomed}/delete`, { token: author.token })).status).toBe(200);
    expect(ids((await search({ q: needle })).body.data)).toEqual([kept]);

    const thread = await createThreadOverHttp(author, group.id, { title: `Doomed ${needle}`, content: textDelta(`${needle} opening`) });
    expect((await search({ q: needle, type: "threads" })).body.data.results.map((r) => r.thread_id)).toEqual([thread.id]);
    expect((await call("POST", `/api/v2/threads/${thread.id}/delete`, { token: author.token })).status).toBe(200);
    expect((await search({ q: needle, type: "threads" })).body.data).toEqual({ results: [], total: 0 });
    expect(ids((await search({ q: needle })).body.data)).toEqual([kept]);
  });

  it("escapes everything in a snippet but its <mark>s", async () => {
    const needle = word();
    await post(`<script>alert(1)</script> ${needle} & "quotes" <b>bold</b>`);
    const [result] = (await search({ q: needle })).body.data.results;
    expect(result!.snippet).toBe(`&lt;script&gt;alert(1)&lt;/script&gt; <mark>${needle}</mark> &amp; &quot;quotes&quot; &lt;b&gt;bold&lt;/b&gt;`);
    expect(result!.snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  });

  it("pages the ranked matches and counts them all", async () => {
    const needle = word();
    const written: number[] = [];
    for (let index = 0; index < 5; index += 1) written.push(await post(`${needle} number ${index}`));
    const newestFirst = [...written].reverse();
    const pages = await Promise.all([1, 2, 3, 4].map((page) => search({ q: needle, per_page: 2, page })));
    expect(pages.map((page) => ids(page.body.data))).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4), []]);
    expect(pages.map((page) => page.body.data.total)).toEqual([5, 5, 5, 5]);
    expect(pages[0]!.headers.get("link")).toContain('rel="next"');
  });

  it.each([["the and of"], ["!!!"], ['""'], ["-"]])("answers %j, with no searchable words, with no results", async (q) => {
    const response = await search({ q });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ results: [], total: 0 });
  });

  it.each([
    ["no q", {}, /q/],
    ["an empty q", { q: "" }, /q/],
    ["a blank q", { q: "   " }, /q/],
    ["a 201-character q", { q: "a".repeat(201) }, /q/],
    ["type=users", { q: "x", type: "users" }, /type/],
    ["group_id=abc", { q: "x", group_id: "abc" }, /group_id/],
    ["group_id=0", { q: "x", group_id: 0 }, /group_id/],
    ["page=0", { q: "x", page: 0 }, /page/],
    ["page=abc", { q: "x", page: "abc" }, /page/],
    ["per_page=101", { q: "x", per_page: 101 }, /per_page/],
  ])("answers %s with 400", async (_label, query, description) => {
    const response = await search(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("v2", 40000));
    expect(response.body.description).toMatch(description);
  });

  it("takes a 200-character q", async () => {
    const response = await search({ q: `${"a".repeat(199)}b` });
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(0);
  });
});
