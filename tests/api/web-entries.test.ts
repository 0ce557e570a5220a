import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { DOMAIN_ERROR_ANSWERS } from "@/lib/http/error-table";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { createTestUser, type TestUser } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server-process";
import { createNamedGroup, createThreadOverHttp } from "../support/thread-helpers";
import { makePng, uploadOk } from "../support/upload-helpers";
import { webSessionCookie } from "../support/web-session";

// The browser-facing routes that are not API endpoints (lib/web/define-web-entry.ts), over real
// HTTP: a domain error thrown by a handler or a service is answered with the one error table's
// status (lib/http/error-table.ts) in the entry's own format, and the wrapper's checks (origin,
// session, budget) come first.

let owner: TestUser;
let reader: TestUser;
let cookie = "";
let small: RunningServer;

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function get(path: string, headers: Record<string, string> = {}, base = inject("baseUrl")): Promise<Answer> {
  return fetch(new URL(path, base), { headers }).then(answerOf);
}

function upload(fields: Record<string, string>, file: { bytes: Buffer; name: string } | null, headers: Record<string, string>, base = inject("baseUrl")) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  return fetch(new URL("/uploads", base), { method: "POST", headers, body: form }).then(answerOf);
}

/** A page's own upload: this site's origin and the reader's session. */
const asPage = (base = inject("baseUrl")) => ({ origin: new URL(base).origin, cookie });

function expectJsonRefusal(answer: Answer, status: number, error: string): void {
  expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({ status, body: { error } });
  expect(answer.headers.get("content-type")).toBe("application/json");
  expect(answer.headers.get("cache-control")).toBe("no-store");
}

function expectTextRefusal(answer: Answer, status: number, line: string): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: `${line}\n` });
  expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  expect(answer.headers.get("cache-control")).toBe("no-store");
}

beforeAll(async () => {
  owner = await createTestUser();
  reader = await createTestUser();
  cookie = await webSessionCookie(reader.wallet);
  small = await startServer({
    AGORA_DATA_DIR: inject("dataDir"),
    DATABASE_URL: inject("databaseUrl"),
    LOG_LEVEL: "warn",
    AGORA_MIGRATE_ON_START: "0",
    AGORA_RATE_LIMIT_WRITES_PER_MINUTE: "1",
    AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE: "1",
  });
});

afterAll(async () => {
  await small?.stop();
});

describe("web entries", () => {
  it("answer a domain error a service throws with the table's status, in the entry's format", async () => {
    const group = await createNamedGroup(owner);
    const art = await upload({ purpose: "logo", group_id: String(group.id) }, { bytes: await makePng(), name: "logo.png" }, asPage());
    expectJsonRefusal(art, DOMAIN_ERROR_ANSWERS.forbidden.status, "Only the group's owner and admins can change its art");
    // Invalid speaks its detail, in a person's words, to the composer.
    const nowhere = await upload({}, { bytes: await makePng(), name: "a.png" }, asPage());
    expectJsonRefusal(nowhere, DOMAIN_ERROR_ANSWERS.invalid.status, "Required for a post upload");
    const empty = await upload({ purpose: "avatar" }, { bytes: Buffer.alloc(0), name: "a.png" }, asPage());
    expectJsonRefusal(empty, DOMAIN_ERROR_ANSWERS.invalid.status, "The file is empty");

    const guestNotifications = await get("/live/events?notifications=1");
    expectTextRefusal(guestNotifications, DOMAIN_ERROR_ANSWERS.unauthenticated.status, "Sign in to follow your notifications");
    expectTextRefusal(await get("/live/events"), DOMAIN_ERROR_ANSWERS.invalid.status, "topics: name a thread or notifications");
    const thread = await createThreadOverHttp(owner, group.id);
    expectTextRefusal(
      await get(`/live/events?thread=${thread.id}`, { "last-event-id": "soon" }),
      DOMAIN_ERROR_ANSWERS.invalid.status,
      "Last-Event-ID: must be an event id",
    );
    await (await getDb()).group.update({ where: { id: group.id }, data: { visibility: 1, privacyType: "1" }, select: { id: true } });
    expectTextRefusal(await get(`/live/events?thread=${thread.id}`), DOMAIN_ERROR_ANSWERS.not_found.status, "thread not found");

    expectTextRefusal(await get("/sitemaps/999999.xml"), DOMAIN_ERROR_ANSWERS.not_found.status, "Not found");
  });

  it("answer a domain error a handler throws the same way, with the entry's own headers", async () => {
    const group = await createNamedGroup(owner);
    const file = await uploadOk(owner, await makePng(), "secret.png", { group_id: group.id });
    await (await getDb()).group.update({ where: { id: group.id }, data: { visibility: 1, privacyType: "1" }, select: { id: true } });
    const path = `/uploads/${file.id}/${file.sha256}.png`;
    const readers: Record<string, string>[] = [{}, { cookie }, { authorization: `Bearer ${reader.token}` }];
    for (const headers of readers) {
      const refused = await get(path, headers);
      expectTextRefusal(refused, DOMAIN_ERROR_ANSWERS.forbidden.status, "You cannot see this file");
      expect(refused.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    }
    expectTextRefusal(await get(`/uploads/${file.id}/${"0".repeat(64)}.png`), DOMAIN_ERROR_ANSWERS.not_found.status, "No such file");
    expect((await get(path, { authorization: `Bearer ${owner.token}` })).status).toBe(200);

    const forged = await get(`/media/proxy?url=${encodeURIComponent("http://127.0.0.1:9/a.png")}&sig=x`);
    expectTextRefusal(forged, DOMAIN_ERROR_ANSWERS.forbidden.status, "sig does not match url");
    expect(forged.headers.get("x-content-type-options")).toBe("nosniff");
    expectTextRefusal(await get("/media/proxy"), DOMAIN_ERROR_ANSWERS.invalid.status, "url and sig are required");
  });

  it("answer HTTP's own refusals with their status: a range past the end, a body too large or malformed, an image host that is not there", async () => {
    const group = await createNamedGroup(owner);
    const file = await uploadOk(owner, await makePng(), "pic.png", { group_id: group.id });
    const range = await get(`/uploads/${file.id}/${file.sha256}.png`, { range: "bytes=999999-", authorization: `Bearer ${owner.token}` });
    expectTextRefusal(range, 416, "Range not satisfiable");
    expect(range.headers.get("content-range")).toMatch(/^bytes \*\/\d+$/);

    const huge = await upload({ purpose: "avatar" }, { bytes: Buffer.alloc(10_485_760 + 1, 1), name: "big.png" }, asPage());
    expectJsonRefusal(huge, 413, "The file is too big: at most 10 MB");
    const json = await fetch(new URL("/uploads", inject("baseUrl")), {
      method: "POST",
      headers: { ...asPage(), "content-type": "application/json" },
      body: "{}",
    });
    expectJsonRefusal(await answerOf(json), 400, "file: send the file as multipart/form-data");

    expectTextRefusal(await get(proxyImageUrl("http://127.0.0.1:9/a.png")), 502, "the image's host could not be reached");
  });

  it("check the origin and the session before anything else, then spend the budget", async () => {
    const png = { bytes: await makePng(), name: "a.png" };
    expectJsonRefusal(await upload({ purpose: "avatar" }, png, { cookie }), 403, "Uploads are taken from this site's pages only");
    expectJsonRefusal(
      await upload({ purpose: "avatar" }, png, { cookie, origin: "https://elsewhere.example" }),
      403,
      "Uploads are taken from this site's pages only",
    );
    expectJsonRefusal(await upload({ purpose: "avatar" }, png, { origin: new URL(inject("baseUrl")).origin }), 401, "Sign in to upload files");

    // One write a minute on this server: the second upload is refused, saying when to retry.
    expect((await upload({ purpose: "avatar" }, png, asPage(small.baseUrl), small.baseUrl)).status).toBe(200);
    const spent = await upload({ purpose: "avatar" }, png, asPage(small.baseUrl), small.baseUrl);
    expectJsonRefusal(spent, DOMAIN_ERROR_ANSWERS.rate_limited.status, "You have uploaded too much for now; try again later");
    expect(Number(spent.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(spent.headers.get("x-ratelimit-limit")).toBeNull();
  });

  it("spend next-auth's sign-in budget per address, refused in the words its client shows", async () => {
    const signIn = () =>
      fetch(new URL("/api/auth/callback/wallet", small.baseUrl), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ address: "0x00", message: "m", signature: "s", json: "true" }),
        redirect: "manual",
      }).then(answerOf);
    expect((await signIn()).status).toBe(200);
    const refused = await signIn();
    expect(refused.status).toBe(DOMAIN_ERROR_ANSWERS.rate_limited.status);
    expect(refused.headers.get("x-ratelimit-limit")).toBe("1");
    expect(refused.headers.get("x-frame-options")).toBe("DENY");
    const { url } = JSON.parse(refused.body) as { url: string };
    expect(new URL(url).pathname).toBe("/signin");
    expect(new URL(url).searchParams.get("error")).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
  });
});
