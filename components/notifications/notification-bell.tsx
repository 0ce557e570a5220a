"use client";

import { useEffect, useState, type ComponentType } from "react";
import { useSplicedBell } from "@/components/providers/viewer-context";
import { BellIcon } from "@/components/ui/icons";
import "./notifications.css";

export interface BellProps {
  initialCount: number;
  /** The live-event id read before the count: the stream replays from it (null: from when it connects). */
  liveCursor: number | null;
}

interface BellButtonProps {
  count: number;
  expanded: boolean;
  /** Absent while the menu's code has not arrived: the button shows the count but is disabled. */
  onToggle?: () => void;
}

/** The bell's button with its unread count, the same before and after the menu loads. */
export function BellButton({ count, expanded, onToggle }: BellButtonProps) {
  const label = count === 0 ? "Notifications" : `Notifications, ${count} unread`;
  return (
    <button
      type="button"
      className="icon-button bell__button"
      aria-label={label}
      title={label}
      aria-expanded={expanded}
      onClick={onToggle}
      disabled={!onToggle}
    >
      <BellIcon />
      {count > 0 ? (
        <span className="bell__count" data-testid="unread-count">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </button>
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
  if (Menu) return <Menu {...props} />;
  return (
    <div className="bell">
      <BellButton count={props.initialCount} expanded={false} />
    </div>
  );
}

/** The bell of a kept page's signed-in reader, from the state spliced into it; nothing for a guest. */
export function SplicedNotificationBell() {
  const bell = useSplicedBell();
  return bell ? <NotificationBell initialCount={bell.count} liveCursor={bell.cursor} /> : null;
}
