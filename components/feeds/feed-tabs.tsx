"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useSplicedReader } from "@/components/providers/reader-splice";
import { loadFeedCountsAction } from "@/lib/actions/feed-actions";
import type { FeedCountsView } from "@/lib/views/feed-view";
import "./feeds.css";

export type FeedTab = "communities" | "latest" | "new" | "unread" | "top" | "hot";

export interface FeedTabsProps {
  active: FeedTab;
  /** Known on pages rendered for the request; on the kept home page the spliced reader state tells. */
  signedIn: boolean;
  /** Rendered with the page when it was rendered for the reader; else loaded once the page is interactive. */
  counts: FeedCountsView | null;
}

const GUEST_TABS: FeedTab[] = ["communities", "latest", "top"];
const READER_TABS: FeedTab[] = ["communities", "latest", "new", "unread", "top", "hot"];
const LABELS: Record<FeedTab, string> = { communities: "Communities", latest: "Latest", new: "New", unread: "Unread", top: "Top", hot: "Hot" };

const hrefOf = (tab: FeedTab) => (tab === "communities" ? "/" : `/${tab}`);
const countLabel = (count: number) => (count >= 100 ? "99+" : String(count));

/** The home page's tabs: Latest and Top for everyone, New, Unread (with counts) and Hot for signed-in readers. */
export function FeedTabs({ active, signedIn, counts: rendered }: FeedTabsProps) {
  const spliced = useSplicedReader();
  const reader = signedIn || spliced !== null;
  const [loaded, setLoaded] = useState<FeedCountsView | null>(null);
  const counts = rendered ?? loaded;

  useEffect(() => {
    if (!reader || rendered) return;
    let live = true;
    loadFeedCountsAction({})
      .then((result) => {
        if (live && result.ok) setLoaded(result.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reader, rendered]);

  return (
    <nav className="feed-tabs" aria-label="Feeds">
      {(reader ? READER_TABS : GUEST_TABS).map((tab) => {
        const count = tab === "new" || tab === "unread" ? counts?.[tab] : undefined;
        return (
          <Link key={tab} href={hrefOf(tab)} className="feed-tabs__tab" aria-current={tab === active ? "page" : undefined} data-testid={`feed-tab-${tab}`}>
            {LABELS[tab]}
            {count ? <span className="feed-tabs__count">{countLabel(count)}</span> : null}
          </Link>
        );
      })}
    </nav>
  );
}
