import type { Recorder } from "./recorder";
import type { SeededIds } from "./plan-reads";

// The pages a guest sees, as HTML. Redirects are kept as they are (status and Location), not followed.

const page = (rec: Recorder, name: string, path: string) => rec.send(`page: ${name}`, { path, key: "none", headers: { accept: "text/html" } });

export async function captureSeededPages(rec: Recorder, ids: SeededIds): Promise<void> {
  const lounge = ids.threads.get(1) ?? [];
  const dev = ids.threads.get(2) ?? [];
  const pages: [string, string][] = [
    ["home", "/"],
    ["group agora-lounge", "/g/agora-lounge"],
    ["group ethereum-dev", "/g/ethereum-dev"],
    ["category 1", `/g/agora-lounge/c/${ids.categories.get(1)?.[0] ?? 1}`],
    ["child category", `/g/ethereum-dev/c/${ids.categories.get(2)?.[2] ?? 7}`],
    ["thread 1", `/g/agora-lounge/t/${lounge[0]?.id ?? 1}/${lounge[0]?.slug ?? ""}`],
    ["thread in ethereum-dev", `/g/ethereum-dev/t/${dev[3]?.id ?? 14}/${dev[3]?.slug ?? ""}`],
    ["thread without slug", `/g/agora-lounge/t/${lounge[0]?.id ?? 1}`],
    ["thread with a wrong slug", `/g/agora-lounge/t/${lounge[0]?.id ?? 1}/wrong-slug`],
    ["thread in the wrong group", `/g/ethereum-dev/t/${lounge[0]?.id ?? 1}/x`],
    ["user 1", "/u/1"],
    ["user 5", "/u/5"],
    ["members", "/g/agora-lounge/members"],
    ["modlog", "/g/agora-lounge/modlog"],
    ["search", "/search?q=wallet"],
    ["search in a group", "/search?q=setup&g=agora-lounge"],
    ["search threads", "/search?q=agora&type=threads"],
    ["search empty", "/search"],
    ["sign-in", "/signin"],
    ["sign-in with next", "/signin?next=%2Fg%2Fagora-lounge"],
    ["new thread (guest)", "/g/agora-lounge/new"],
    ["group settings (guest)", "/g/agora-lounge/settings"],
    ["moderation (guest)", "/g/agora-lounge/moderation"],
    ["new group (guest)", "/new-group"],
    ["settings (guest)", "/settings"],
    ["uploads settings (guest)", "/settings/uploads"],
    ["notifications (guest)", "/notifications"],
    ["unknown group", "/g/nope"],
    ["unknown thread", "/g/agora-lounge/t/999/x"],
    ["unknown category", "/g/agora-lounge/c/999"],
    ["unknown user", "/u/999"],
    ["unknown page", "/nope"],
    ["API reference", "/docs/api"],
  ];
  for (const [name, path] of pages) await page(rec, name, path);
  // A second visit: the guest page cache (lib/http/guest-page-cache.ts) answers it.
  await page(rec, "home again", "/");
  await page(rec, "thread 1 again", `/g/agora-lounge/t/${lounge[0]?.id ?? 1}/${lounge[0]?.slug ?? ""}`);
}

export async function capturePagesAfterWrites(rec: Recorder, groupName: string, threadId: number, ownerId: number): Promise<void> {
  await page(rec, "after: home", "/");
  await page(rec, "after: golden group", `/g/${groupName}`);
  const redirect = await page(rec, "after: golden thread without slug", `/g/${groupName}/t/${threadId}`);
  const location = redirect.headers.get("location");
  if (location) await page(rec, "after: golden thread", new URL(location, rec.baseUrl).pathname);
  await page(rec, "after: golden modlog", `/g/${groupName}/modlog`);
  await page(rec, "after: golden members", `/g/${groupName}/members`);
  await page(rec, "after: owner profile", `/u/${ownerId}`);
  await page(rec, "after: thread 1", "/g/agora-lounge/t/1/welcome-to-agora-read-this-first");
  await page(rec, "after: group agora-lounge", "/g/agora-lounge");
  await page(rec, "after: search golden", "/search?q=golden");
  await page(rec, "after: sitemap", "/sitemaps/1.xml");
}
