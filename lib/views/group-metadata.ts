import "server-only";
import type { Metadata } from "next";
import type { GroupView } from "@/lib/views/group-view";

// The <head> of a group's pages (the group page, its categories): canonical address and link
// previews. Paths are made absolute by the root layout's metadataBase (readPageOrigin).

interface GroupPageHead {
  /** The page's canonical path. */
  path: string;
  title: string;
  /** What the page holds, for readers of the group. */
  description: string;
}

export function describeGroupPage(group: GroupView, head: GroupPageHead): Metadata {
  // A members-only group shows others its card and a join panel: a link preview says no more
  // than that (no description, no logo), and search engines leave the page out.
  if (!group.viewerCanRead) {
    return { title: head.title, description: "A members-only community on Agora.", alternates: { canonical: head.path }, robots: { index: false } };
  }
  const page = { title: head.title, description: head.description, alternates: { canonical: head.path } };
  // Link previews follow the group's share_externally feature (contract section 20).
  if (!group.features.share_externally) return page;
  return {
    ...page,
    openGraph: {
      type: "website",
      siteName: "Agora",
      title: head.title,
      description: head.description,
      url: head.path,
      ...(group.logoSrc ? { images: [{ url: group.logoSrc, alt: `${group.title} logo` }] } : {}),
    },
  };
}
