import { beforeAll, describe, expect, inject, it } from "vitest";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import { updateGroupSettings } from "@/lib/services/groups";
import { expectOk, postAs, type Group } from "../support/community-helpers";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";
import { webSessionCookie } from "../support/web-session";

// Guests' pages kept as rendered HTML while their read version is unchanged
// (lib/http/guest-page-cache.ts). Each write case: a guest reads the page (so it is kept), the
// write happens through the API, and the very next guest read must show it.

const CACHE = "x-agora-page-cache";
const url = (path: string) => new URL(path, inject("baseUrl"));

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(url(path), { headers, redirect: "manual" });
  return { status: response.status, outcome: response.headers.get(CACHE), headers: response.headers, html: await response.text() };
}

/** A thread page's address: /g/name/t/id redirects to it (the slug follows the title). */
async function threadPageOf(group: Group, threadId: number): Promise<string> {
  const answer = await fetch(url(`/g/${group.name}/t/${threadId}`), { redirect: "manual" });
  await answer.text();
  return new URL(answer.headers.get("location") ?? "", url("/")).pathname;
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "";

describe("guest pages kept as rendered HTML", () => {
  let owner: TestUser;
  let member: TestUser;
  let group: Group;
  let thread: ThreadDto;
  const threadPath = () => threadPageOf(group, thread.id);

  beforeAll(async () => {
    owner = await createTestUser();
    member = await createTestUser();
    group = await createNamedGroup(owner);
    thread = await createThreadOverHttp(owner, group.id, { title: "Kept page thread", content: textDelta("Opening words of a kept page") });
    await createPostOverHttp(member, thread.id, "A first reply on the kept page");
  });

  it("answers a repeated guest read from the kept page, each answer with its own nonce on every script and preload", async () => {
    const at = await threadPath();
    expect(at).toMatch(new RegExp(`^/g/${group.name}/t/${thread.id}/[a-z0-9-]+$`));
    const first = await page(at);
    expect(first.status).toBe(200);
    const second = await page(at);
    const third = await page(at);
    expect(first.outcome).toBe("miss");
    expect([second.outcome, third.outcome]).toEqual(["hit", "hit"]);
    const nonces = [first, second, third].map((answer) => nonceOf(answer.headers.get("content-security-policy")));
    expect(new Set(nonces).size).toBe(3);
    for (const [index, answer] of [first, second, third].entries()) {
      const scripts = [...answer.html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonces[index]}"`);
      for (const other of nonces.filter((_, at) => at !== index)) expect(answer.html).not.toContain(other);
      const link = answer.headers.get("link");
      if (link) expect(link).toContain(`nonce="${nonces[index]}"`);
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
    }
    expect(second.html.replaceAll(nonces[1]!, "N")).toBe(first.html.replaceAll(nonces[0]!, "N"));
    expect(second.html).toContain("A first reply on the kept page");
  });

  const writes: { name: string; path: () => Promise<string>; write: () => Promise<void>; shows: string }[] = [
    {
      name: "a new reply on the thread page",
      path: threadPath,
      write: async () => void (await createPostOverHttp(member, thread.id, "A reply written after the page was kept")),
      shows: "A reply written after the page was kept",
    },
    {
      name: "a new thread title on the thread page and its group page",
      path: async () => `/g/${group.name}`,
      write: async () => expectOk(await postAs(owner, `/api/v2/threads/${thread.id}/edit`, { title: "Kept page thread, retitled" })),
      shows: "Kept page thread, retitled",
    },
    {
      name: "the group's new title on a thread page (the group's face is part of a thread page's version)",
      path: threadPath,
      // The group's face is edited on its settings page (a server action over this service).
      write: () => updateGroupSettings({ id: owner.id }, group.id, { title: "Renamed while kept", description: "", cover: "", logo: "" }),
      shows: "Renamed while kept",
    },
  ];

  for (const { name, path, write, shows } of writes) {
    it(`shows ${name} on the next guest read`, async () => {
      const at = await path();
      await page(at);
      const kept = await page(at);
      expect(kept.outcome).toBe("hit");
      expect(kept.html).not.toContain(shows);
      await write();
      const after = await page(at);
      expect(after.outcome).toBe("miss");
      expect(after.html).toContain(shows);
    });
  }

  it("lists a new group on the directory at the next guest read", async () => {
    await page("/");
    expect((await page("/")).outcome).toBe("hit");
    // The newest activity comes first: the new group is on page 1.
    const name = uniqueName("newcomer");
    await owner.createGroup(name);
    const after = await page("/");
    expect(after.outcome).toBe("miss");
    expect(after.html).toContain(`Group ${name}`);
  });

  it("keeps a page per theme: a dark-theme guest never gets the light page", async () => {
    const at = await threadPath();
    await page(at);
    const dark = await page(at, { cookie: "agora-theme=dark" });
    expect(dark.html).toMatch(/<html[^>]*data-theme="dark"/);
    const light = await page(at);
    expect(light.outcome).toBe("hit");
    expect(light.html).not.toMatch(/<html[^>]*data-theme="dark"/);
  });

  it("renders every time for App Router requests (signed in or not), signed-in readers of group pages, and groups that are not public", async () => {
    const at = await threadPath();
    await page(at);
    expect((await page(at)).outcome).toBe("hit");
    const session = await webSessionCookie(member.wallet);
    // A signed-in reader gets the kept page with their own state on top (tests/api/reader-pages.test.ts).
    const signedIn = await page(at, { cookie: session });
    expect(signedIn.status).toBe(200);
    expect(signedIn.outcome).toBe("hit");
    for (const headers of [{ rsc: "1" }, { rsc: "1", cookie: session }] as Record<string, string>[]) {
      const navigation = await page(at, headers);
      expect(navigation.outcome).toBeNull();
      expect(navigation.html).not.toContain("<html");
      const prefetch = await page(`${at}?_rsc=abc`, { "next-router-prefetch": "1", ...headers });
      expect(prefetch.outcome).toBeNull();
    }
    await page(`/g/${group.name}`);
    expect((await page(`/g/${group.name}`)).outcome).toBe("hit");
    expect((await page(`/g/${group.name}`, { cookie: session })).outcome).toBeNull();

    const secret = await createNamedGroup(owner);
    const hidden = await createThreadOverHttp(owner, secret.id, { title: "Members only thread", content: textDelta("Members only words") });
    expectOk(await postAs(owner, `/api/v2/groups/${secret.id}/settings`, { visibility: 1 }));
    const privatePath = await threadPageOf(secret, hidden.id);
    for (const answer of [await page(privatePath), await page(privatePath), await page(`/g/${secret.name}`)]) {
      expect(answer.outcome).toBeNull();
      expect(answer.html).not.toContain("Members only words");
    }
  });

  it("leaves redirects to Next: a mistyped slug is sent to the thread's address every time", async () => {
    const at = await threadPath();
    for (let round = 0; round < 2; round += 1) {
      const wrong = await page(at.replace(/[^/]+$/, "not-the-slug"));
      expect([307, 308]).toContain(wrong.status);
      expect(new URL(wrong.headers.get("location") ?? "", url("/")).pathname).toBe(at);
    }
  });

  it("turns a public group's kept pages away at once when it becomes private", async () => {
    const closing = await createNamedGroup(owner);
    const closingThread = await createThreadOverHttp(owner, closing.id, { title: "Soon private", content: textDelta("Words soon private") });
    const path = await threadPageOf(closing, closingThread.id);
    await page(path);
    expect((await page(path)).outcome).toBe("hit");
    expectOk(await postAs(owner, `/api/v2/groups/${closing.id}/settings`, { visibility: 1 }));
    const after = await page(path);
    expect(after.outcome).toBeNull();
    expect(after.html).not.toContain("Words soon private");
  });
});
