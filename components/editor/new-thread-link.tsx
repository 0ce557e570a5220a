"use client";

import Link from "next/link";
import { useViewer } from "@/components/providers/viewer-context";
import "../forms/forms.css";
import "./editor.css";

export interface NewThreadLinkProps {
  groupName: string;
  categoryId?: number;
}

/** "New thread" for signed-in members; visitors get a quiet invitation to sign in first. */
export function NewThreadLink({ groupName, categoryId }: NewThreadLinkProps) {
  const viewer = useViewer();
  const query = categoryId ? `?category=${categoryId}` : "";
  const href = `/g/${encodeURIComponent(groupName)}/new${query}`;
  if (!viewer) {
    return (
      <Link className="button button--secondary new-thread-link" href={`/signin?next=${encodeURIComponent(href)}`}>
        Sign in to post
      </Link>
    );
  }
  return (
    <Link className="button button--primary new-thread-link" href={href}>
      New thread
    </Link>
  );
}
