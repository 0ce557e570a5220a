import "server-only";
import type { NextRequest } from "next/server";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import type { GuestPageTarget } from "@/lib/pages/guest-page-route";
import { findOwnBan } from "@/lib/services/bans";
import { readGroupAttachRules, seesHiddenGroups } from "@/lib/services/groups";
import { readThread } from "@/lib/services/thread-reads";
import { readSessionUser, hasSessionCookie } from "@/lib/session/session-cookie";
import { loadBell } from "@/lib/views/notification-view";
import { parsePageSize, parsePostSort } from "@/lib/views/post-view";
import type { ReaderState, ThreadReaderState } from "@/lib/views/reader-state";
import { showsReaderMoreThanGuests, toThreadReaderState } from "@/lib/views/thread-reader-view";

// A signed-in reader's own part of a kept page (lib/http/guest-page-cache.ts serves the kept body
// with it spliced in): the header's person and bell, and on a thread page their likes, follow,
// abilities and notices. Null where the page must be rendered for the reader instead: no valid
// session, a page that shows them more than a guest (a hidden group on the home page, deleted
// posts' words for their author or moderators), and group and category pages, whose join panel,
// lists and "new" marks are not split out yet.

type SignedInActor = { id: number };

export { hasSessionCookie };

async function readBell(actor: SignedInActor): Promise<ReaderState["bell"]> {
  // As the header's bell slot: a failed count is no failed page (the bell refetches later).
  return loadBell(actor).catch(() => ({ count: 0, cursor: null }));
}

async function readThreadPart(
  actor: SignedInActor,
  target: Extract<GuestPageTarget, { kind: "thread" }>,
  search: URLSearchParams,
): Promise<ThreadReaderState | null> {
  const sort = parsePostSort(search.get("sort") ?? undefined);
  const pageSize = parsePageSize(search.get("page_size") ?? undefined);
  // The read the page itself makes (lib/views/page-data.ts getThread): the same kept record, and the read mark written on the way.
  const [read, attachRules] = await Promise.all([
    readThread(actor, { threadId: target.threadId, groupName: target.groupName, sort, pageSize: pageSize + 1, startPostId: 0 }).catch(() => null),
    readGroupAttachRules({ name: target.groupName }).catch(() => null),
  ]);
  if (!read || !attachRules || showsReaderMoreThanGuests(read)) return null;
  const ban = read.access.role.banned ? await findOwnBan(actor, read.thread.groupId) : null;
  return toThreadReaderState(read, ban, attachRules);
}

/** The reader's state for a kept page, or null when the page is to be rendered for them. */
export async function readReaderState(request: NextRequest, target: GuestPageTarget): Promise<ReaderState | null> {
  if (target.kind === "group") return null;
  const user = await readSessionUser(request.cookies.getAll());
  if (!user) return null;
  const actor = { id: user.id };
  const viewer = { id: user.id, name: user.name, image: proxyImageUrl(user.image) };
  if (target.kind === "directory") {
    const [hidden, bell] = await Promise.all([seesHiddenGroups(actor), readBell(actor)]);
    return hidden ? null : { viewer, bell, thread: null, darkMode: user.darkMode };
  }
  const [thread, bell] = await Promise.all([readThreadPart(actor, target, request.nextUrl.searchParams), readBell(actor)]);
  return thread ? { viewer, bell, thread, darkMode: user.darkMode } : null;
}
