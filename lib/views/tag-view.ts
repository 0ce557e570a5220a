import "server-only";
import { notFound } from "next/navigation";
import type { TagBrief, TagRecord } from "@/lib/db/tags";

// Contract section 18: tags as the pages show them (chips, the group's filter, the composer's
// picker and the admins' manager).

/** A tag on a thread: a chip linking to its group's page filtered by it. */
export interface TagChipView {
  id: number;
  name: string;
  /** "#rrggbb", or "" for the default look. */
  color: string;
}

/** One of a group's tags, in the admins' order. */
export interface TagView extends TagChipView {
  description: string;
  /** Only moderators put it on threads. */
  restricted: boolean;
  threadCount: number;
}

export function toTagChipView(tag: TagBrief): TagChipView {
  return { id: tag.id, name: tag.name, color: tag.color };
}

export function toTagView(tag: TagRecord): TagView {
  return { ...toTagChipView(tag), description: tag.description, restricted: tag.restricted, threadCount: tag.threadCount };
}

/** The group page's ?tag=: one of the group's tags, or none when absent; any other value is a 404. */
export function readTagParam(value: string | string[] | undefined, tags: readonly TagView[]): TagView | null {
  if (value === undefined || value === "") return null;
  const tag = typeof value === "string" && /^\d{1,10}$/.test(value) ? tags.find((candidate) => candidate.id === Number(value)) : undefined;
  if (!tag) notFound();
  return tag;
}
