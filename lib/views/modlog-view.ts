import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import type { ModlogRecord } from "@/lib/db/modlog";
import { countPages } from "@/lib/db/pagination";
import { loadPostAuthors } from "@/lib/db/posts";
import { listModlog } from "@/lib/services/modlog";
import type { GroupView } from "@/lib/views/group-view";
import type { UserRefView } from "@/lib/views/moderation-view";
import { describeTagEntry } from "@/lib/views/tag-view";

// A group's public moderation log in words (contract section 12).

export const MODLOG_PER_PAGE = 30;

/** One modlog line in words: "Pinned" + "a thread" (linked) + "", or "Made" + "alice" + "a moderator". */
export interface ModlogEntryView {
  id: number;
  verb: string;
  target: { label: string; href: string | null } | null;
  rest: string;
  /** The moderator's own words; "" when none (role changes keep the new role here, shown in `rest`). */
  reason: string;
  createdAt: Date;
  /** Who acted: only for the group's moderators. */
  moderator: UserRefView | null;
}

export interface ModlogView {
  entries: ModlogEntryView[];
  page: number;
  totalPages: number;
  moderatorsVisible: boolean;
}

const THREAD_VERBS: Record<string, string> = {
  edit_thread: "Edited",
  delete_thread: "Deleted",
  pin_thread: "Pinned",
  unpin_thread: "Unpinned",
  lock_thread: "Locked",
  unlock_thread: "Unlocked",
  tag_thread: "Changed the tags of",
};
const POST_VERBS: Record<string, string> = {
  edit_post: "Edited",
  delete_post: "Deleted",
  restore_post: "Restored",
  set_post_nsfw: "Changed the sensitive-content mark of",
};

function describeEntry(
  row: ModlogRecord,
  groupName: string,
  names: Map<number, { username: string }>,
): Pick<ModlogEntryView, "verb" | "target" | "rest" | "reason"> {
  const user = { label: names.get(row.targetId)?.username ?? "a user", href: `/u/${row.targetId}` };
  if (row.action in THREAD_VERBS) {
    // A deleted thread answers 404 to most readers, so it is named without a link.
    const href = row.action === "delete_thread" ? null : `/g/${groupName}/t/${row.targetId}`;
    return { verb: THREAD_VERBS[row.action]!, target: { label: "a thread", href }, rest: "", reason: row.reason };
  }
  if (row.action in POST_VERBS) return { verb: POST_VERBS[row.action]!, target: { label: "a post", href: null }, rest: "", reason: row.reason };
  const tagEntry = describeTagEntry(row);
  if (tagEntry) return tagEntry;
  switch (row.action) {
    case "resolve_report":
      return { verb: "Resolved", target: { label: "a report", href: null }, rest: row.reason ? `(${row.reason})` : "", reason: "" };
    case "ban_user":
      return { verb: "Banned", target: user, rest: "", reason: row.reason };
    case "lift_ban":
      return { verb: "Lifted the ban on", target: user, rest: "", reason: row.reason };
    case "approve_member":
      return { verb: "Approved", target: user, rest: "as a member", reason: "" };
    case "reject_member":
      return { verb: "Turned down", target: user, rest: "'s request to join", reason: row.reason };
    case "invite_member":
      return { verb: "Invited", target: user, rest: "", reason: "" };
    case "edit_category":
      return { verb: "Edited the category", target: { label: row.reason || "a category", href: null }, rest: "", reason: "" };
    case "delete_category":
      return { verb: "Deleted the category", target: { label: row.reason || "a category", href: null }, rest: "", reason: "" };
    case "order_categories":
      return { verb: "Reordered the categories", target: null, rest: "", reason: "" };
    case "gate":
      return { verb: "The token gate removed", target: user, rest: "", reason: row.reason };
    case "set_role":
      if (row.reason === "owner") return { verb: "Made", target: user, rest: "the owner", reason: "" };
      return row.reason === "member"
        ? { verb: "Removed", target: user, rest: "from the team", reason: "" }
        : { verb: "Made", target: user, rest: `${/^[aeiou]/.test(row.reason) ? "an" : "a"} ${row.reason}`, reason: "" };
    default:
      return { verb: "Took a moderator action", target: null, rest: "", reason: row.reason };
  }
}

/** A group's modlog page, newest first, in words; moderators' names only for moderators. */
export async function loadModlogPage(viewer: Actor, group: GroupView, page: number): Promise<ModlogView> {
  const log = await listModlog(viewer, group.id, page, MODLOG_PER_PAGE);
  const names = await loadPostAuthors(log.entries.filter((entry) => entry.targetType === "user").map((entry) => entry.targetId));
  return {
    entries: log.entries.map((row) => ({
      id: row.id,
      ...describeEntry(row, group.name, names),
      createdAt: row.createdAt,
      moderator: log.moderatorsVisible ? row.moderator : null,
    })),
    page,
    totalPages: countPages(log.total, MODLOG_PER_PAGE),
    moderatorsVisible: log.moderatorsVisible,
  };
}
