"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition, type MouseEvent } from "react";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { markNotificationsReadAction } from "@/lib/actions/notification-actions";
import type { NotificationItemView } from "@/lib/views/notification-view";
import { useSettleRead } from "./unread-query";

/** A notification linking to its latest post; following the link marks it read first. */
export function NotificationItem({ item, onOpen }: { item: NotificationItemView; onOpen?: () => void }) {
  const router = useRouter();
  const settle = useSettleRead();
  const [pending, startTransition] = useTransition();

  function open(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window opens the post as is; the notification stays unread.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    startTransition(async () => {
      if (!item.read) {
        const result = await markNotificationsReadAction({ ids: [item.id] }).catch(() => null);
        if (result?.ok) settle(result.data);
      }
      onOpen?.();
      router.push(item.href);
    });
  }

  return (
    <li className={item.read ? "notification" : "notification notification--unread"} data-testid="notification">
      <Link href={item.href} className="notification__link" onClick={open} aria-busy={pending} prefetch={false}>
        <Avatar name={item.actor.username} seed={item.actor.id} src={item.actor.photoUrl} size={32} />
        <span className="notification__body">
          <span className="notification__summary">{item.summary}</span>
          <span className="notification__thread">in {item.threadTitle}</span>
          <RelativeTime value={item.at} className="notification__time" />
        </span>
        {item.read ? null : <span className="notification__dot" aria-label="unread" />}
      </Link>
    </li>
  );
}
