import { beforeAll, describe, expect, inject, it } from "vitest";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import {
  POST_CAN_DELETE,
  POST_CAN_EDIT,
  POST_CAN_REPORT,
  POST_LIKED,
  READER_PENDING_STYLE_ID,
  READER_STATE_ELEMENT_ID,
  type ReaderState,
} from "@/lib/views/reader-state";
import { expectOk, postAs, setRole, type Group } from "../support/community-helpers";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";
import { webSessionCookie } from "../support/web-session";

// Signed-in readers of the home and thread pages get the page kept for guests
// (lib/http/guest-page-cache.ts) with their own state spliced in as one JSON script
// (lib/pages/reader-state.ts). Two people reading one kept page must each get their own state and
// nothing of the other's; a page that shows a reader more than a guest is rendered for them.

const CACHE = "x-agora-page-cache";
const url = (path: string) => new URL(path, inject("baseUrl"));
const SPLICE = new RegExp(`<script type="application/json" id="${READER_STATE_ELEMENT_ID}"[^>]*>(.*?)</script>`, "s");
const PENDING_STYLE = new RegExp(`<style id="${READER_PENDING_STYLE_ID}">[^<]*</style>`);

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(url(path), { headers, redirect: "manual" });
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const spliced = SPLICE.exec(html);
  return {
    status: response.status,
    outcome: response.headers.get(CACHE),
    html,
    state: spliced ? (JSON.parse(spliced[1]!) as ReaderState) : null,
    /** The page without the reader's state, its nonce written as N: the same bytes for every reader. */
    body: html.replace(SPLICE, "").replace(PENDING_STYLE, "").replaceAll(nonce, "N"),
  };
}

async function threadPageOf(group: Group, threadId: number): Promise<string> {
  const answer = await fetch(url(`/g/${group.name}/t/${threadId}`), { redirect: "manual" });
  await answer.text();
  return new URL(answer.headers.get("location") ?? "", url("/")).pathname;
}

describe("signed-in readers of kept pages", () => {
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let group: Group;
  let thread: ThreadDto;
  let aliceReply: number;
  let bobReply: number;
  const session: Record<string, string> = {};
  const as = (user: TestUser) => ({ cookie: session[user.username]! });

  beforeAll(async () => {
    [owner, alice, bob] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    group = await createNamedGroup(owner);
    thread = await createThreadOverHttp(owner, group.id, { title: "Two readers, one page", content: textDelta("The opening words") });
    aliceReply = (await createPostOverHttp(alice, thread.id, "Alice answers")).id;
    bobReply = (await createPostOverHttp(bob, thread.id, "Bob answers")).id;
    expectOk(await postAs(alice, `/api/v2/posts/${thread.first_post_id}/like`));
    // Replying follows a thread: Alice keeps following it, Bob stops.
    expectOk(await postAs(alice, `/api/v2/threads/${thread.id}/subscribe`, { subscribe: 1 }));
    expectOk(await postAs(bob, `/api/v2/threads/${thread.id}/subscribe`, { subscribe: 0 }));
    for (const user of [owner, alice, bob]) session[user.username] = await webSessionCookie(user.wallet);
  });

  it("serves two readers the one kept page, each with their own likes, follow and abilities and nothing of the other's", async () => {
    const at = await threadPageOf(group, thread.id);
    const guest = await page(at);
    expect(guest.state).toBeNull();
    expect(guest.html).not.toContain(READER_PENDING_STYLE_ID);
    const [first, second] = [await page(at, as(alice)), await page(at, as(bob))];
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.outcome).toBe("hit");
      // The page itself is the guest's, byte for byte: no reader's name, menu or like in it.
      expect(answer.body).toBe(guest.body);
    }
    const alices = first.state!;
    expect(alices.viewer).toMatchObject({ id: alice.id, name: alice.username });
    expect(alices.thread).toMatchObject({ threadId: thread.id, viewer: { signedIn: true, subscribed: true, showReply: true, canModerate: false } });
    const aliceBits = alices.thread!.posts;
    expect(aliceBits[thread.first_post_id]! & POST_LIKED).toBe(POST_LIKED);
    expect(aliceBits[aliceReply]! & (POST_CAN_EDIT | POST_CAN_DELETE | POST_CAN_REPORT)).toBe(POST_CAN_EDIT | POST_CAN_DELETE);
    expect(aliceBits[bobReply]! & (POST_CAN_EDIT | POST_CAN_DELETE | POST_CAN_REPORT)).toBe(POST_CAN_REPORT);

    const bobs = second.state!;
    expect(bobs.viewer).toMatchObject({ id: bob.id, name: bob.username });
    expect(bobs.thread).toMatchObject({ threadId: thread.id, viewer: { signedIn: true, subscribed: false } });
    expect(bobs.thread!.posts[thread.first_post_id]! & POST_LIKED).toBe(0);
    expect(bobs.thread!.posts[bobReply]! & POST_CAN_EDIT).toBe(POST_CAN_EDIT);
    expect(bobs.thread!.posts[aliceReply]! & POST_CAN_EDIT).toBe(0);
    // Each page holds one reader's state: its own.
    expect(second.html.match(new RegExp(SPLICE, "gs"))).toHaveLength(1);
    expect(JSON.stringify(bobs)).not.toContain(alice.username);
    expect(JSON.stringify(alices)).not.toContain(bob.username);
  });

  it("gives the thread's author and the group's moderators their tools, and shows a role change on the next page", async () => {
    const at = await threadPageOf(group, thread.id);
    const owners = (await page(at, as(owner))).state!.thread!;
    expect(owners.viewer).toMatchObject({ canModerate: true, canEditThread: true });
    expect(owners.posts[bobReply]! & POST_CAN_DELETE).toBe(POST_CAN_DELETE);

    expect((await page(at, as(bob))).state!.thread!.viewer.canModerate).toBe(false);
    await setRole(owner, group.id, bob, 3);
    const promoted = await page(at, as(bob));
    expect(promoted.state!.thread!.viewer.canModerate).toBe(true);
    expect(promoted.state!.thread!.posts[aliceReply]! & POST_CAN_DELETE).toBe(POST_CAN_DELETE);
    await setRole(owner, group.id, bob, 0);
    expect((await page(at, as(bob))).state!.thread!.viewer.canModerate).toBe(false);
  });

  it("puts the bell's count and the header's person on the home page", async () => {
    const home = await page("/", as(owner));
    expect(home.status).toBe(200);
    expect(home.outcome).not.toBeNull();
    // The replies of alice and bob, and the like, notified the thread's author.
    expect(home.state).toMatchObject({ viewer: { id: owner.id, name: owner.username }, thread: null });
    expect(home.state!.bell.count).toBeGreaterThanOrEqual(1);
    expect(home.body).not.toContain(owner.username);
  });

  it("renders the page for a reader it shows more than a guest: a hidden group at home, a deleted post's words", async () => {
    const insider = await createTestUser();
    const hidden = await createNamedGroup(insider);
    expectOk(await postAs(insider, `/api/v2/groups/${hidden.id}/settings`, { visibility: 2 }));
    const insiderSession = { cookie: await webSessionCookie(insider.wallet) };
    const home = await page("/", insiderSession);
    expect(home.status).toBe(200);
    expect(home.outcome).toBeNull();
    expect(home.state).toBeNull();
    expect(home.html).toContain(`g/${hidden.name}`);
    expect((await page("/")).html).not.toContain(`g/${hidden.name}`);

    const words = uniqueName("Words taken back");
    const taken = await createPostOverHttp(alice, thread.id, words);
    expectOk(await postAs(alice, `/api/v2/posts/${taken.id}/delete`));
    const at = await threadPageOf(group, thread.id);
    const guest = await page(at);
    expect(guest.html).not.toContain(words);
    const author = await page(at, as(alice));
    expect(author.outcome).toBeNull();
    expect(author.html).toContain(words);
    const other = await page(at, as(bob));
    expect(other.outcome).toBe("hit");
    expect(other.html).not.toContain(words);
  });

  it("renders the page for a session that no longer holds and for App Router requests", async () => {
    const at = await threadPageOf(group, thread.id);
    const forged = await page(at, { cookie: "next-auth.session-token=not-a-session" });
    expect(forged.status).toBe(200);
    expect(forged.outcome).toBeNull();
    expect(forged.state).toBeNull();
    const navigation = await page(at, { ...as(alice), rsc: "1" });
    expect(navigation.outcome).toBeNull();
    expect(navigation.html).not.toContain(READER_STATE_ELEMENT_ID);
  });
});
