"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { MarkAllReadButton } from "./mark-all-read-button";
import { NotificationItem } from "./notification-item";
import { BellButton, type BellProps } from "./notification-bell";
import { useLiveUnreadCount, useNotificationMenu, useUnreadCount } from "./unread-query";

function BellMenu({ onClose }: { onClose: () => void }) {
  const menu = useNotificationMenu(true);
  return (
    <div className="bell-menu" role="dialog" aria-label="Notifications">
      <div className="bell-menu__header">
        <strong>Notifications</strong>
        <MarkAllReadButton disabled={(menu.data?.unreadCount ?? 0) === 0} />
      </div>
      {menu.isPending ? (
        <p className="bell-menu__note" role="status">
          Loading…
        </p>
      ) : null}
      {menu.isError ? (
        <p className="form-error" role="alert">
          {menu.error.message}
        </p>
      ) : null}
      {menu.data && menu.data.items.length === 0 ? <p className="bell-menu__note">Nothing yet. Replies, mentions and likes show up here.</p> : null}
      {menu.data && menu.data.items.length > 0 ? (
        <ul className="notification-list">
          {menu.data.items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={onClose} />
          ))}
        </ul>
      ) : null}
      <Link href="/notifications" className="bell-menu__all" onClick={onClose}>
        See all notifications
      </Link>
    </div>
  );
}

function Bell({ initialCount, liveCursor }: BellProps) {
  const unread = useUnreadCount(initialCount);
  useLiveUnreadCount(liveCursor);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const count = unread.data;

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div className="bell" ref={root}>
      <BellButton count={count} expanded={open} onToggle={() => setOpen(!open)} />
      {open ? <BellMenu onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/** The interactive bell: the live unread count, and the latest notifications on click. */
export function NotificationBellMenu(props: BellProps) {
  return (
    <QueryProvider>
      <Bell {...props} />
    </QueryProvider>
  );
}
