import type { Metadata } from "next";
import Link from "next/link";
import "@/components/ui/ui.css";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main className="page">
      <div className="status-page" data-testid="not-found">
        <p className="status-page__code">404</p>
        <h1 className="status-page__title">We could not find that page</h1>
        <p className="status-page__text">The community, thread or person you were looking for does not exist, or the link is mistyped.</p>
        <Link className="button button--primary" href="/">
          Browse communities
        </Link>
      </div>
    </main>
  );
}
