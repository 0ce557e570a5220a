"use client";

import Link from "next/link";
import { useEffect } from "react";
import "@/components/ui/ui.css";

export default function ForumError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main className="page">
      <div className="status-page" role="alert">
        <p className="status-page__code">Error</p>
        <h1 className="status-page__title">Something went wrong</h1>
        <p className="status-page__text">This page could not be loaded. It may be a hiccup on our side; trying again often helps.</p>
        <div className="status-page__actions">
          <button type="button" className="button button--primary" onClick={() => retry()}>
            Try again
          </button>
          <Link className="button button--secondary" href="/">
            Go home
          </Link>
        </div>
      </div>
    </main>
  );
}
