import "server-only";
import type { Actor, SignedIn } from "@/lib/auth/permissions";
import { loadReadableRole } from "@/lib/services/group-access";
import { resolveTagFilter } from "@/lib/services/thread-tags";
import {
  countFeedThreads,
  dismissFeedThreads,
  findFeedGroups,
  findFeedReadStates,
  listFeedThreadIds,
  type FeedFilter,
  type FeedGroup,
  type FeedPeriod,
  type FeedReadState,
} from "@/lib/db/feeds";
import { setGroupMute, setThreadMute } from "@/lib/db/mutes";
import { toPageWindow } from "@/lib/db/pagination";
import { loadThreadEntries, type ThreadListEntry } from "@/lib/db/thread-lists";
import { findThreadRoute } from "@/lib/db/threads";
import { NotFound, SignInRequired } from "@/lib/errors";

export type { FeedFilter, FeedPeriod } from "@/lib/db/feeds";

export interface FeedInput {
  filter: FeedFilter;
  period: FeedPeriod;
  /** 0: every readable group. */
  groupId: number;
  /** 0: any tag. */
  tagId: number;
  page: number;
  perPage: number;
}

/** A thread of a feed: its listing row, its group, and the reader's read state on it. */
export interface FeedEntry extends ThreadListEntry {
  group: FeedGroup;
  read: FeedReadState;
}

const NEVER_READ: FeedReadState = { lastReadPostId: 0, unreadCount: 0 };

/** The feeds that are the reader's own: a guest has none. */
function requireReaderFor(actor: Actor, filter: FeedFilter): void {
  if (!actor && (filter === "new" || filter === "unread")) throw new SignInRequired(`Sign in to see ${filter} threads`);
}

// A named group must be one the reader may read (contract section 14: 403, or 404 when hidden).
async function checkNamedGroup(actor: Actor, groupId: number): Promise<void> {
  if (groupId > 0) await loadReadableRole(actor, groupId);
}

/** GET /api/v2/feed: one page of a feed, in its order. */
export async function listFeed(actor: Actor, input: FeedInput): Promise<FeedEntry[]> {
  return (await loadFeed(actor, input, 0)).slice(0, input.perPage);
}

/** The home page's feed tabs: a page and whether another follows (one row more is read to know). */
export async function listFeedPage(actor: Actor, input: FeedInput): Promise<{ entries: FeedEntry[]; hasMore: boolean }> {
  const entries = await loadFeed(actor, input, 1);
  return { entries: entries.slice(0, input.perPage), hasMore: entries.length > input.perPage };
}

async function loadFeed(actor: Actor, input: FeedInput, lookAhead: number): Promise<FeedEntry[]> {
  requireReaderFor(actor, input.filter);
  await checkNamedGroup(actor, input.groupId);
  await resolveTagFilter(actor, input.tagId, input.groupId > 0 ? input.groupId : null);
  const window = toPageWindow(input.page, input.perPage);
  const refs = await listFeedThreadIds({ ...input, userId: actor?.id ?? null, skip: window.skip, take: window.take + lookAhead });
  const ids = refs.map((ref) => ref.id);
  const [entries, reads, groups] = await Promise.all([
    loadThreadEntries(null, ids),
    actor ? findFeedReadStates(actor.id, ids) : new Map<number, FeedReadState>(),
    findFeedGroups([...new Set(refs.map((ref) => ref.groupId))]),
  ]);
  return entries.flatMap((entry) => {
    const group = groups.get(entry.thread.groupId);
    return group ? [{ ...entry, group, read: reads.get(entry.thread.id) ?? NEVER_READ }] : [];
  });
}

/** Counts shown on the home page's New and Unread tabs, each up to `cap`. */
export async function countReaderFeeds(actor: SignedIn, cap: number): Promise<{ new: number; unread: number }> {
  const base = { period: "week" as const, userId: actor.id, groupId: 0, tagId: 0 };
  const [fresh, unread] = await Promise.all([countFeedThreads({ ...base, filter: "new" }, cap), countFeedThreads({ ...base, filter: "unread" }, cap)]);
  return { new: fresh, unread };
}

/** POST /api/v2/feed/dismiss: every thread of the reader's new or unread feed counts as read up to its newest post. */
export async function dismissFeed(actor: SignedIn, input: { filter: "new" | "unread"; groupId: number }): Promise<number> {
  await checkNamedGroup(actor, input.groupId);
  return dismissFeedThreads({ filter: input.filter, userId: actor.id, groupId: input.groupId, tagId: 0 });
}

/** POST /api/v2/threads/{id}/mute: a thread the reader may read (a removed one is not found). */
export async function setThreadMuted(actor: SignedIn, threadId: number, muted: boolean): Promise<boolean> {
  const thread = await findThreadRoute(threadId);
  if (!thread || thread.deleted || thread.firstPostId === null) throw new NotFound("thread");
  await loadReadableRole(actor, thread.groupId, "thread");
  return setThreadMute(actor.id, threadId, muted);
}

/** POST /api/v2/groups/{id}/mute: a group the reader may know of (a hidden one is not found for non-members). */
export async function setGroupMuted(actor: SignedIn, groupId: number, muted: boolean): Promise<boolean> {
  await loadReadableRole(actor, groupId);
  return setGroupMute(actor.id, groupId, muted);
}
