import "server-only";
import { notFound } from "next/navigation";
import type { ModlogRecord } from "@/lib/db/modlog";
import type { TagBrief, TagRecord } from "@/lib/db/tags";
import type { ModlogEntryView } from "@/lib/views/modlog-view";

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

const TAG_VERBS: Record<string, string> = {
  create_tag: "Created the tag",
  edit_tag: "Edited the tag",
  delete_tag: "Deleted the tag",
  order_tags: "Reordered the tags",
};

/** A modlog entry of the tag manager in words (its reason holds the tag's name), or null for any other entry. */
export function describeTagEntry(row: Pick<ModlogRecord, "action" | "reason">): Pick<ModlogEntryView, "verb" | "target" | "rest" | "reason"> | null {
  const verb = TAG_VERBS[row.action];
  if (!verb) return null;
  const target = row.action === "order_tags" ? null : { label: row.reason || "a tag", href: null };
  return { verb, target, rest: "", reason: "" };
}
