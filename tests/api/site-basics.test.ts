import { parse, validate } from "fast-xml-parser";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import { expectOk, postAs, type Group } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// What browsers and search engines ask a public forum for before any page: the icons, the web
// app manifest, robots.txt and the sitemap (app/icon.svg, app/manifest.ts, app/robots.ts,
// lib/pages/sitemap-routes.ts). The sitemap lists what a guest may read and nothing else.

const url = (path: string) => new URL(path, inject("baseUrl"));
// Links in these answers name the origin the request was made on.
const origin = () => url("/").origin;

async function get(path: string) {
  const response = await fetch(url(path), { redirect: "manual" });
  return { status: response.status, type: response.headers.get("content-type") ?? "", bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The attributes of each <link rel="…"> of a page, in order. */
function linksOf(html: string, rel: string): Record<string, string>[] {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!.replace(/&amp;/g, "&")])))
    .filter((attributes) => attributes.rel === rel);
}

async function expectImage(path: string) {
  const answer = await get(path);
  expect(answer.status, path).toBe(200);
  expect(answer.type, path).toMatch(/^image\//);
  expect(answer.bytes.length, path).toBeGreaterThan(100);
  return answer;
}

/** A sitemap document: well-formed XML (fast-xml-parser's validator), parsed. */
function readXml(bytes: Buffer): Record<string, unknown> {
  const xml = bytes.toString("utf8");
  expect(validate(xml)).toBe(true);
  return parse(xml) as Record<string, unknown>;
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);

/** Every URL the sitemap lists, read from its index and each of its pages; the number of pages too. */
async function readSitemap(): Promise<{ pages: number; urls: Map<string, string | undefined> }> {
  const index = await get("/sitemap.xml");
  expect(index.status).toBe(200);
  expect(index.type).toMatch(/^application\/xml/);
  const entries = asList((readXml(index.bytes).sitemapindex as { sitemap?: { loc: string } | { loc: string }[] }).sitemap);
  expect(entries.length).toBeGreaterThan(0);
  const urls = new Map<string, string | undefined>();
  for (const [at, entry] of entries.entries()) {
    expect(entry.loc).toBe(`${origin()}/sitemaps/${at + 1}.xml`);
    const page = await get(new URL(entry.loc).pathname);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^application\/xml/);
    const set = readXml(page.bytes).urlset as { url?: { loc: string; lastmod?: string } | { loc: string; lastmod?: string }[] } | "";
    for (const item of asList(set === "" ? undefined : set.url)) urls.set(item.loc, item.lastmod);
  }
  return { pages: entries.length, urls };
}

/** A thread page's canonical address: /g/name/t/id redirects to it. */
async function threadAddress(group: Group, threadId: number): Promise<string> {
  const answer = await fetch(url(`/g/${group.name}/t/${threadId}`), { redirect: "manual" });
  await answer.text();
  expect([307, 308]).toContain(answer.status);
  return new URL(answer.headers.get("location") ?? "", url("/")).href;
}

describe("icons and the web app manifest", () => {
  it("answers /favicon.ico with an icon, and every icon a page links to with an image", async () => {
    const favicon = await expectImage("/favicon.ico");
    // An ICO file's header: reserved 0, type 1 (icon).
    expect([...favicon.bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const html = await (await fetch(url("/"))).text();
    const icons = [...linksOf(html, "icon"), ...linksOf(html, "apple-touch-icon")];
    expect(icons.map((icon) => new URL(icon.href!, url("/")).pathname)).toEqual(expect.arrayContaining(["/favicon.ico", "/icon.svg", "/apple-icon.png"]));
    for (const icon of icons) await expectImage(icon.href!);
    const svg = await get("/icon.svg");
    expect(svg.type).toMatch(/^image\/svg\+xml/);
    expect(validate(svg.bytes.toString("utf8"))).toBe(true);
  });

  it("links a manifest with the app's name, start address, display, colours and icons that load", async () => {
    const html = await (await fetch(url("/"))).text();
    const [link] = linksOf(html, "manifest");
    expect(link?.href).toBeDefined();
    const answer = await get(link!.href!);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(answer.bytes.toString("utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: "Agora", short_name: "Agora", start_url: "/", display: "standalone" });
    for (const colour of ["theme_color", "background_color"]) expect(manifest[colour]).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons as { src: string; sizes: string; type: string }[];
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of icons) expect((await expectImage(icon.src)).type).toContain(icon.type);
  });
});

describe("robots.txt and the sitemap", () => {
  let owner: TestUser;
  let open: Group;
  let closing: Group;
  let hidden: Group;
  let listed: ThreadDto;
  let removed: ThreadDto;
  let closingThread: ThreadDto;
  let hiddenThread: ThreadDto;

  beforeAll(async () => {
    owner = await createTestUser();
    [open, closing, hidden] = [await createNamedGroup(owner), await createNamedGroup(owner), await createNamedGroup(owner)];
    listed = await createThreadOverHttp(owner, open.id, { title: "Listed in the sitemap", content: textDelta("Public words") });
    removed = await createThreadOverHttp(owner, open.id, { title: "Soon deleted", content: textDelta("Words soon gone") });
    closingThread = await createThreadOverHttp(owner, closing.id, { title: "Soon members only", content: textDelta("Words soon private") });
    hiddenThread = await createThreadOverHttp(owner, hidden.id, { title: "Hidden thread", content: textDelta("Hidden words") });
    expectOk(await postAs(owner, `/api/v2/groups/${hidden.id}/settings`, { visibility: 2 }));
  });

  it("names the sitemap by its absolute address in robots.txt", async () => {
    const answer = await get("/robots.txt");
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain/);
    const lines = answer.bytes
      .toString("utf8")
      .split("\n")
      .map((line) => line.trim());
    expect(lines).toContain(`Sitemap: ${origin()}/sitemap.xml`);
    expect(lines).toContain("User-Agent: *");
    expect(lines).toContain("Disallow: /api/");
  });

  it("lists public groups and their threads with lastmod, and drops a thread once deleted and a group once private", async () => {
    const before = await readSitemap();
    const groupUrl = (group: Group) => `${origin()}/g/${group.name}`;
    expect(before.urls.has(`${origin()}/`)).toBe(true);
    for (const [address, lastmod] of [
      [groupUrl(open), before.urls.get(groupUrl(open))],
      [await threadAddress(open, listed.id), before.urls.get(await threadAddress(open, listed.id))],
    ] as const) {
      expect(before.urls.has(address), address).toBe(true);
      expect(Number.isNaN(Date.parse(lastmod ?? "")), `${address} lastmod ${lastmod}`).toBe(false);
    }
    // Listed while they are public and live, so their absence below is the rule at work.
    expect(before.urls.has(await threadAddress(open, removed.id))).toBe(true);
    expect(before.urls.has(groupUrl(closing))).toBe(true);
    expect(before.urls.has(await threadAddress(closing, closingThread.id))).toBe(true);

    expectOk(await postAs(owner, `/api/v2/threads/${removed.id}/delete`));
    expectOk(await postAs(owner, `/api/v2/groups/${closing.id}/settings`, { visibility: 1 }));
    const after = await readSitemap();
    const locs = [...after.urls.keys()];
    expect(after.urls.has(groupUrl(open))).toBe(true);
    expect(after.urls.has(await threadAddress(open, listed.id))).toBe(true);
    for (const group of [closing, hidden]) expect(locs.filter((loc) => loc.startsWith(groupUrl(group)))).toEqual([]);
    for (const thread of [removed, closingThread, hiddenThread]) expect(locs.filter((loc) => loc.includes(`/t/${thread.id}/`))).toEqual([]);
  });

  it("gives a members-only group's page no description, no Open Graph tags and noindex, for guests", async () => {
    const head = (html: string) => html.slice(0, html.indexOf("</head>"));
    const before = head(await (await fetch(url(`/g/${open.name}`))).text());
    expect(before).toContain('<meta property="og:description" content="A test group"');
    expect(before).toContain(`<link rel="canonical" href="${origin()}/g/${open.name}"`);
    const secret = await createNamedGroup(owner);
    expectOk(await postAs(owner, `/api/v2/groups/${secret.id}/settings`, { visibility: 1 }));
    const answer = await fetch(url(`/g/${secret.name}`));
    expect(answer.status).toBe(200);
    const members = head(await answer.text());
    expect(members).toContain(`<link rel="canonical" href="${origin()}/g/${secret.name}"`);
    expect(members).toContain('<meta name="robots" content="noindex"');
    expect(members).not.toContain("A test group");
    expect(members).not.toContain('property="og:');
  });

  it("answers 404 past the last page and for anything that is not a page", async () => {
    const { pages } = await readSitemap();
    for (const path of [`/sitemaps/${pages + 1}.xml`, "/sitemaps/0.xml", "/sitemaps/1", "/sitemaps/one.xml", "/sitemaps/01.xml"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
