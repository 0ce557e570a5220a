"use client";

import Form from "next/form";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { SEARCH_QUERY_MAX } from "@/lib/search/limits";
import "./search.css";

// Typing "/" anywhere but in a field or the editor jumps to the box, as on most forums.
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select, [contenteditable]") !== null;
}

/** The header's search box; on a group's pages it searches that group (the results page can widen it). */
export function HeaderSearch() {
  const inputRef = useRef<HTMLInputElement>(null);
  // Group handles are [a-z0-9_-] (lib/views/page-data.ts), so the segment needs no decoding.
  const groupName = /^\/g\/([a-z0-9_-]{3,32})(?:\/|$)/i.exec(usePathname() ?? "")?.[1] ?? null;

  useEffect(() => {
    function focusOnSlash(event: KeyboardEvent) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
    }
    document.addEventListener("keydown", focusOnSlash);
    return () => document.removeEventListener("keydown", focusOnSlash);
  }, []);

  return (
    <Form action="/search" role="search" aria-label="Site" className="site-search">
      <input
        ref={inputRef}
        className="site-search__input"
        type="search"
        name="q"
        required
        maxLength={SEARCH_QUERY_MAX}
        placeholder={groupName ? "Search this group" : "Search Agora"}
        aria-label={groupName ? "Search this group" : "Search Agora"}
        aria-keyshortcuts="/"
      />
      {groupName ? <input type="hidden" name="g" value={groupName} /> : null}
      <kbd className="site-search__key" aria-hidden="true">
        /
      </kbd>
    </Form>
  );
}
