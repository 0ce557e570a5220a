import "server-only";
import { getViewer } from "@/lib/session/session";
import { countReaderFeeds, listFeedPage, type FeedFilter, type FeedPeriod } from "@/lib/services/feeds";
import { toThreadRowView, type ThreadRowView } from "@/lib/views/board-view";

// The home page's feed tabs (contract section 17) as view models: a page of rows with each
// thread's group and the reader's unread count, and the counts on the New and Unread tabs.

export const FEED_PER_PAGE = 20;
/** The tabs count up to this many ("99+"), so a count costs a bounded walk. */
export const FEED_COUNT_CAP = 100;

/** A feed's row: a board row plus the group it is in and the reader's unread posts there. */
export interface FeedRowView extends ThreadRowView {
  group: { name: string; title: string };
  /** Posts by others since the reader last read it (0: none, or never opened). */
  unread: number;
}

export interface FeedPageView {
  rows: FeedRowView[];
  /** Another page follows (a feed has no total: counting it would cost what the site holds). */
  hasMore: boolean;
}

export interface FeedCountsView {
  new: number;
  unread: number;
}

/** One page of a feed for the viewer of this request (new and unread need one: the page asks them to sign in first). */
export async function loadFeedPage(filter: FeedFilter, period: FeedPeriod, page: number): Promise<FeedPageView> {
  const { entries, hasMore } = await listFeedPage(await getViewer(), { filter, period, groupId: 0, tagId: 0, page, perPage: FEED_PER_PAGE });
  const rows = entries.map((entry) => ({
    ...toThreadRowView(entry),
    group: { name: entry.group.name, title: entry.group.title },
    unread: entry.read.unreadCount,
  }));
  return { rows, hasMore };
}

/** A feed tab's page: who reads it, the page (null: new and unread ask a guest to sign in) and the tabs' counts. */
export interface FeedRouteView {
  signedIn: boolean;
  feed: FeedPageView | null;
  counts: FeedCountsView | null;
}

export async function loadFeedRoute(filter: FeedFilter, period: FeedPeriod, page: number): Promise<FeedRouteView> {
  const viewer = await getViewer();
  if (!viewer && (filter === "new" || filter === "unread")) return { signedIn: false, feed: null, counts: null };
  const [feed, counts] = await Promise.all([loadFeedPage(filter, period, page), viewer ? loadFeedCounts(viewer) : null]);
  return { signedIn: viewer !== null, feed, counts };
}

/** The New and Unread tabs' counts for a signed-in reader. */
export async function loadFeedCounts(viewer: { id: number }): Promise<FeedCountsView> {
  return countReaderFeeds(viewer, FEED_COUNT_CAP);
}
