"use client";

import { useEffect, useState, type ComponentType } from "react";
import { BellIcon } from "@/components/ui/icons";
import "./notifications.css";

export interface BellProps {
  initialCount: number;
  /** The live-event id read before the count: the stream replays from it (null: from when it connects). */
  liveCursor: number | null;
}

export function bellLabel(count: number): string {
  return count === 0 ? "Notifications" : `Notifications, ${count} unread`;
}

/** The bell as the server rendered it: the count, not yet clickable (for the moment before the menu's code arrives). */
function StaticBell({ initialCount }: Pick<BellProps, "initialCount">) {
  const label = bellLabel(initialCount);
  return (
    <div className="bell">
      <button type="button" className="icon-button bell__button" aria-label={label} title={label} aria-expanded={false} disabled>
        <BellIcon />
        {initialCount > 0 ? (
          <span className="bell__count" data-testid="unread-count">
            {initialCount > 99 ? "99+" : initialCount}
          </span>
        ) : null}
      </button>
    </div>
  );
}

/**
 * The header's bell for a signed-in person. Its menu, live count and react-query load after the
 * page is interactive, not as part of every page's first load (the header is on every page, and
 * guests never get the bell at all); until then the server's count shows.
 */
export function NotificationBell(props: BellProps) {
  const [Menu, setMenu] = useState<ComponentType<BellProps> | null>(null);
  useEffect(() => {
    let mounted = true;
    void import("./notification-bell-menu").then((module) => {
      if (mounted) setMenu(() => module.NotificationBellMenu);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return Menu ? <Menu {...props} /> : <StaticBell initialCount={props.initialCount} />;
}
