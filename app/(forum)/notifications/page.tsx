import type { Metadata } from "next";
import Link from "next/link";
import { MarkAllReadButton } from "@/components/notifications/mark-all-read-button";
import { NotificationItem } from "@/components/notifications/notification-item";
import { QueryProvider } from "@/components/providers/query-provider";
import { EmptyState } from "@/components/ui/empty-state";
import { requireViewer } from "@/lib/session/session";
import { loadNotificationsPage } from "@/lib/views/notification-view";
import { readPageParam } from "@/lib/views/page-data";
import "@/components/notifications/notifications.css";

export const metadata: Metadata = { title: "Notifications" };

interface NotificationsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function NotificationsPage({ searchParams }: NotificationsPageProps) {
  const page = readPageParam((await searchParams).page);
  const viewer = await requireViewer(page === 1 ? "/notifications" : `/notifications?page=${page}`);
  const view = await loadNotificationsPage(viewer, page);
  return (
    <main className="page notifications-page">
      <QueryProvider>
        <header className="notifications-page__header">
          <h1>Notifications</h1>
          <MarkAllReadButton disabled={view.unreadCount === 0} refresh />
        </header>
        <p className="notifications-page__unread" data-testid="unread-summary">
          {view.unreadCount === 0 ? "All caught up." : `${view.unreadCount} unread`}
        </p>
        {view.items.length === 0 ? (
          <EmptyState title={page > 1 ? "This page is empty" : "No notifications yet"}>
            <p>Replies to your posts, mentions, likes and new posts in threads you follow show up here.</p>
          </EmptyState>
        ) : (
          <ul className="notification-list">
            {view.items.map((item) => (
              <NotificationItem key={item.id} item={item} />
            ))}
          </ul>
        )}
        <nav className="notifications-page__pager" aria-label="Pagination">
          {page > 1 ? <Link href={page === 2 ? "/notifications" : `/notifications?page=${page - 1}`}>← Newer</Link> : <span />}
          {view.hasMore ? <Link href={`/notifications?page=${page + 1}`}>Older →</Link> : null}
        </nav>
      </QueryProvider>
    </main>
  );
}
