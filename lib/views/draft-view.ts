import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import type { DraftPlaces, DraftRecord } from "@/lib/db/drafts";
import { countPages } from "@/lib/db/pagination";
import { deltaToPlainText } from "@/lib/delta/parse";
import type { DeltaOp } from "@/lib/delta/schema";
import { findPlacesOfDrafts, listDrafts } from "@/lib/services/drafts";

/** A draft as a composer holds it: enough to restore it and to save over it. */
export interface DraftSnapshot {
  key: string;
  title: string;
  /** Delta JSON; "[]" when empty. */
  content: string;
  categoryId: number | null;
  sequence: number;
}

/** A row of the Drafts page. */
export interface DraftListItemView {
  key: string;
  sequence: number;
  title: string;
  preview: string;
  updatedAt: Date;
  /** Where it continues ("Reply in …", "New thread in …"); null when that place is gone or closed to the person. */
  place: { label: string; href: string } | null;
}

export const DRAFTS_PER_PAGE = 20;

export function toDraftSnapshot(draft: DraftRecord): DraftSnapshot {
  return { key: draft.draftKey, title: draft.title, content: draft.content, categoryId: draft.categoryId, sequence: draft.sequence };
}

function placeOf(draft: DraftRecord, places: DraftPlaces): DraftListItemView["place"] {
  const key = encodeURIComponent(draft.draftKey);
  if (draft.threadId !== null) {
    const thread = places.threads.get(draft.threadId);
    return thread ? { label: `Reply in “${thread.title}”`, href: `/g/${encodeURIComponent(thread.groupName)}/t/${draft.threadId}?draft=${key}` } : null;
  }
  const group = draft.groupId === null ? undefined : places.groups.get(draft.groupId);
  if (!group) return null;
  const category = draft.categoryId ? `&category=${draft.categoryId}` : "";
  return { label: `New thread in ${group.name}`, href: `/g/${encodeURIComponent(group.name)}/new?draft=${key}${category}` };
}

function previewOf(content: string): string {
  try {
    return deltaToPlainText(JSON.parse(content) as DeltaOp[], 160).trim();
  } catch {
    return "";
  }
}

/** The Drafts page: the person's drafts, most recently saved first, each with where it continues. */
export async function loadDraftsPage(viewer: SignedIn, page: number) {
  const { drafts, count } = await listDrafts(viewer, { page, perPage: DRAFTS_PER_PAGE });
  const places = await findPlacesOfDrafts(viewer, drafts);
  const items: DraftListItemView[] = drafts.map((draft) => ({
    key: draft.draftKey,
    sequence: draft.sequence,
    title: draft.title,
    preview: previewOf(draft.content),
    updatedAt: draft.updatedAt,
    place: placeOf(draft, places),
  }));
  return { drafts: items, count, totalPages: countPages(count, DRAFTS_PER_PAGE) };
}
