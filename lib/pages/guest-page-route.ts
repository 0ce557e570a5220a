// The pages whose guest rendering is kept (lib/http/guest-page-cache.ts), and the read version
// each is valid under (lib/db/read-versions.ts). Other pages (profiles, search, the modlog,
// anything signed in) are rendered every time: no version tracks what they show.

export type GuestPageTarget = { kind: "directory" } | { kind: "group"; groupName: string } | { kind: "thread"; groupName: string; threadId: number };

const GROUP = "([a-z0-9_-]{3,32})";
const GROUP_PAGE = new RegExp(`^/g/${GROUP}/?$`);
const CATEGORY_PAGE = new RegExp(`^/g/${GROUP}/c/[1-9][0-9]{0,9}/?$`);
// The slugged address only: /g/name/t/id answers with a redirect to it.
const THREAD_PAGE = new RegExp(`^/g/${GROUP}/t/([1-9][0-9]{0,9})/[^/]+$`);

export function guestPageTarget(pathname: string): GuestPageTarget | null {
  if (pathname === "/") return { kind: "directory" };
  const thread = THREAD_PAGE.exec(pathname);
  if (thread) {
    const threadId = Number(thread[2]);
    return Number.isSafeInteger(threadId) && threadId <= 2_147_483_647 ? { kind: "thread", groupName: thread[1]!, threadId } : null;
  }
  const group = GROUP_PAGE.exec(pathname) ?? CATEGORY_PAGE.exec(pathname);
  return group ? { kind: "group", groupName: group[1]! } : null;
}
