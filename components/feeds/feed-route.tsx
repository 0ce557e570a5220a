import type { Metadata } from "next";
import Link from "next/link";
import { DismissButton } from "@/components/feeds/dismiss-button";
import { FeedTabs } from "@/components/feeds/feed-tabs";
import { ThreadList } from "@/components/threads/thread-list";
import { EmptyState } from "@/components/ui/empty-state";
import { FEED_PERIODS, type FeedFilterName as FeedFilter, type FeedPeriodName as FeedPeriod } from "@/lib/schemas/feed-schemas";
import { loadFeedRoute } from "@/lib/views/feed-view";
import { readPageParam } from "@/lib/views/page-data";
import "@/components/groups/groups.css";
import "./feeds.css";

// A feed tab's page (/latest, /new, /unread, /top, /hot): rendered for each request, since most of
// it is the reader's own (what they opened, muted, may read). The home page itself stays the kept
// communities page; its tabs link here.

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TITLES: Record<FeedFilter, string> = { latest: "Latest", new: "New", unread: "Unread", top: "Top", hot: "Hot" };
const LEADS: Record<FeedFilter, string> = {
  latest: "Threads from every community, by their last post.",
  new: "Threads of the last two weeks you have not opened yet.",
  unread: "Threads you read, posted in or follow that have new posts.",
  top: "The threads with the most posts and likes in the period.",
  hot: "Threads with recent activity, the young ones first.",
};
const PERIOD_LABELS: Record<FeedPeriod, string> = { day: "Today", week: "This week", month: "This month", year: "This year", all: "All time" };

export function feedMetadata(filter: FeedFilter): Metadata {
  return { title: TITLES[filter], description: LEADS[filter], alternates: { canonical: `/${filter}` } };
}

function readPeriod(value: string | string[] | undefined): FeedPeriod {
  return FEED_PERIODS.find((period) => period === value) ?? "week";
}

function PeriodPicker({ period }: { period: FeedPeriod }) {
  return (
    <nav className="segmented" aria-label="Period">
      {FEED_PERIODS.map((option) => (
        <Link
          key={option}
          href={option === "week" ? "/top" : `/top?period=${option}`}
          className="segmented__option"
          aria-current={option === period ? "true" : undefined}
        >
          {PERIOD_LABELS[option]}
        </Link>
      ))}
    </nav>
  );
}

export async function FeedRoute({ filter, searchParams }: { filter: FeedFilter; searchParams: SearchParams }) {
  const query = await searchParams;
  const period = readPeriod(query.period);
  const page = readPageParam(query.page);
  const { signedIn, feed, counts } = await loadFeedRoute(filter, period, page);
  const intro = (
    <section className="page-intro">
      <h1 className="page-intro__title">{TITLES[filter]}</h1>
      <p className="page-intro__lead">{LEADS[filter]}</p>
    </section>
  );
  if (!feed) {
    return (
      <main className="page page--wide">
        <FeedTabs active={filter} signedIn={false} counts={null} />
        {intro}
        <EmptyState title="Sign in to see this" action={<Link href={`/signin?next=/${filter}`}>Sign in</Link>}>
          <p>New and unread threads are your own: sign in with your wallet to see them.</p>
        </EmptyState>
      </main>
    );
  }
  const base = filter === "top" && period !== "week" ? `/top?period=${period}&` : `/${filter}?`;
  return (
    <main className="page page--wide">
      <FeedTabs active={filter} signedIn={signedIn} counts={counts} />
      {intro}
      <div className="feed-toolbar">
        {filter === "top" ? <PeriodPicker period={period} /> : <span />}
        {(filter === "new" || filter === "unread") && feed.rows.length > 0 ? <DismissButton filter={filter} /> : null}
      </div>
      {feed.rows.length === 0 ? (
        <EmptyState title={page > 1 ? "This page is empty" : "Nothing here"} action={<Link href="/">Browse the communities</Link>}>
          <p>{filter === "unread" ? "You are all caught up." : "No threads to show here yet."}</p>
        </EmptyState>
      ) : (
        <ThreadList groupName="" threads={feed.rows} showCategory={false} />
      )}
      <nav className="feed-pager" aria-label="Pagination">
        {page > 1 ? (
          <Link href={`${base}page=${page - 1}`} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span />
        )}
        {feed.hasMore ? (
          <Link href={`${base}page=${page + 1}`} rel="next">
            Next →
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
