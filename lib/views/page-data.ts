import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { getViewer, requireViewer } from "@/lib/session/session";
import type { ReportStatus } from "@/lib/schemas/report-values";
import { countPages } from "@/lib/db/pagination";
import { Forbidden, NotFound } from "@/lib/errors";
import { findOwnBan } from "@/lib/services/bans";
import { listCategories } from "@/lib/services/categories";
import { readLiveCursor } from "@/lib/services/live";
import { getGroup, listCommunities } from "@/lib/services/groups";
import { readThreadPolls } from "@/lib/services/poll-reads";
import { readThreadPageFaces } from "@/lib/services/badge-faces";
import { locateThread, readThread } from "@/lib/services/thread-reads";
import { toCategoryView, toGroupCardView, toGroupView } from "@/lib/views/group-view";
import { loadBadgesPage, loadProfileBadges } from "@/lib/views/badges-view";
import { loadMembersPage } from "@/lib/views/members-view";
import { loadModerationPage } from "@/lib/views/moderation-view";
import { loadModlogPage } from "@/lib/views/modlog-view";
import type { PostSort } from "@/lib/views/post-view";
import { loadProfile } from "@/lib/views/profile-view";
import { toPollView } from "@/lib/views/poll-views";
import { toThreadView } from "@/lib/views/thread-view";

// What the pages read, as view models. Each loader turns "not found" into the 404 page and is
// cached per request, so generateMetadata and the page share one load.

async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}

/** As orNotFound; a private group's content sends a non-member to the group's page, which offers to join (contract section 14). */
async function orGroupPage<T>(load: Promise<T>, groupName: string): Promise<T> {
  try {
    return await orNotFound(load);
  } catch (error) {
    if (error instanceof Forbidden) redirect(`/g/${encodeURIComponent(groupName.toLowerCase())}`);
    throw error;
  }
}

const GROUP_NAME = /^[a-z0-9_-]{3,32}$/i;

/** A positive int from a path segment, or the 404 page. */
export function readIdSegment(segment: string): number {
  const id = /^\d{1,10}$/.test(segment) ? Number(segment) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  return id;
}

/** `?page=`: a whole number from 1, anything else page 1. */
export function readPageParam(value: string | string[] | undefined): number {
  const page = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(page, 1);
}

/** Communities per home page: the page stays small however many groups there are (under 60 KB of HTML with long descriptions). */
export const DIRECTORY_PER_PAGE = 12;

export const getDirectory = cache(async (page: number) => {
  const { groups, total } = await listCommunities(await getViewer(), page, DIRECTORY_PER_PAGE);
  return { groups: groups.map(toGroupCardView), page, totalPages: countPages(total, DIRECTORY_PER_PAGE) };
});

export const getGroupByName = cache(async (name: string) => {
  if (!GROUP_NAME.test(name)) notFound();
  return toGroupView(await orNotFound(getGroup(await getViewer(), { name })));
});

/** A group's categories; none for a reader who may not read the group (its page shows the join panel instead). */
export const getGroupCategories = cache(async (groupId: number) => {
  try {
    return (await orNotFound(listCategories(await getViewer(), { groupId }))).map(toCategoryView);
  } catch (error) {
    if (error instanceof Forbidden) return [];
    throw error;
  }
});

export const getThread = cache(async (threadId: number, groupName: string, sort: PostSort, pageSize: number) => {
  if (!GROUP_NAME.test(groupName)) notFound();
  const viewer = await getViewer();
  // One extra top-level post tells whether "Load more" has anything to load.
  const read = await orGroupPage(readThread(viewer, { threadId, groupName, sort, pageSize: pageSize + 1, startPostId: 0 }), groupName);
  const [ban, polls, faces] = await Promise.all([
    viewer && read.access.role.banned ? findOwnBan(viewer, read.thread.groupId) : null,
    // Read for this reader: such a page is never kept for guests (readPublicThreadPageVersion).
    read.thread.pollCount > 0 ? readThreadPolls(viewer, read.access.role, read.thread.id) : [],
    readThreadPageFaces(read),
  ]);
  return toThreadView(read, pageSize, ban, polls.map(toPollView), faces);
});

/**
 * The canonical path of a thread named in a URL, or the 404 page when the thread does not
 * exist or lives in another group than the URL says.
 */
export const getThreadRoute = cache(async (threadIdSegment: string, groupName: string) => {
  const route = await locateThread(await getViewer(), readIdSegment(threadIdSegment));
  if (!route || route.groupName !== groupName.toLowerCase()) notFound();
  // Not even its address (the slug is its title) for a non-member of a private group: its page offers to join.
  if (!route.readable) redirect(`/g/${route.groupName}`);
  return { ...route, path: `/g/${route.groupName}/t/${route.id}/${route.slug}` };
});

export const getProfile = cache(async (idSegment: string) => orNotFound(loadProfile(readIdSegment(idSegment))));

/** The moderation page: its group, and the queue, bans and team when the viewer moderates it. Signed out: to sign-in and back. */
export const getModerationPage = cache(async (groupName: string, status: ReportStatus, page: number) => {
  const viewer = await requireViewer(`/g/${groupName}/moderation`);
  if (!GROUP_NAME.test(groupName)) notFound();
  return orNotFound(loadModerationPage(viewer, groupName, { status, page }));
});

/** A group's public modlog, one page. */
export const getModlogPage = cache(async (groupName: string, page: number) => {
  const group = await getGroupByName(groupName);
  return { group, log: await orGroupPage(loadModlogPage(await getViewer(), group, page), groupName) };
});

/** The live-event id a page's stream replays from (components/live/use-live-events.ts). */
export const getLiveCursor = cache(() => readLiveCursor());

/** A group's members page; a private group's non-members are sent to its page. */
export const getMembersPage = cache(async (groupName: string, page: number) => {
  const group = await getGroupByName(groupName);
  if (!group.viewerCanRead) redirect(`/g/${group.name}`);
  return { group, members: await orGroupPage(loadMembersPage(await getViewer(), group, page), groupName) };
});

/** A group's badge page (contract section 19); a private group's non-members are sent to its page. */
export const getBadgesPage = cache(async (groupName: string) => {
  const group = await getGroupByName(groupName);
  if (!group.viewerCanRead) redirect(`/g/${group.name}`);
  return { group, page: await orGroupPage(loadBadgesPage(await getViewer(), group), groupName) };
});

/** A profile's badges in the groups the viewer may read. */
export const getProfileBadges = cache(async (userId: number) => loadProfileBadges(await getViewer(), userId));
