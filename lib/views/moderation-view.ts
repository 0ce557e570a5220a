import "server-only";
import { canAssignRole, canBan, canChangeRole, canModerate, compareRoles, type GroupAdminRole, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import { GROUP_ROLE_TITLES } from "@/lib/db/records/codes";
import type { BanRow } from "@/lib/db/bans";
import { countPages } from "@/lib/db/pagination";
import { loadPostAuthors } from "@/lib/db/posts";
import type { ReportInContext } from "@/lib/db/reports";
import type { ReportReason, ReportStatus } from "@/lib/schemas/report-values";
import { renderDeltaToStoredHtml } from "@/lib/delta/render";
import { serveStoredHtml } from "@/lib/views/served-html";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { listBans, MAX_BAN_DAYS } from "@/lib/services/bans";
import { getGroup } from "@/lib/services/groups";
import { listReportsWithTotal } from "@/lib/services/reports";
import { toGroupView, type GroupView } from "@/lib/views/group-view";

export const REPORTS_PER_PAGE = 20;
/** A ban's reason, as long as the API's `reason` parameter allows. */
export const MAX_BAN_REASON = 500;

export interface UserRefView {
  id: number;
  username: string;
}

/** A report with the post it is about, as a moderator reviews it. */
export interface ReportView {
  id: number;
  reason: string;
  note: string;
  open: boolean;
  /** What closed it ("Dismissed", "Post deleted"); null while open. */
  outcome: string | null;
  createdAt: Date;
  reporter: UserRefView;
  post: {
    id: number;
    href: string;
    threadTitle: string;
    author: UserRefView;
    createdAt: Date;
    /** Sanitised HTML; "" once the post is deleted. */
    html: string;
    deletedBy: "author" | "moderator" | null;
  };
  /** The author's username when the viewer may ban them and they are not banned yet (pre-fills the ban form). */
  banTarget: string | null;
  authorBanned: boolean;
}

export interface BanView {
  user: UserRefView;
  reason: string;
  /** Null: until lifted. */
  until: Date | null;
  bannedAt: Date;
  bannedBy: UserRefView;
}

/** The roles a team member can be given (the owner is the group's creator). */
export type AssignableRole = Exclude<GroupAdminRole, "owner">;

export interface RoleChangeView {
  /** Null removes the role. */
  role: AssignableRole | null;
  label: string;
}

export interface TeamMemberView {
  user: UserRefView & { photoUrl: string };
  role: GroupAdminRole;
  roleLabel: string;
  isViewer: boolean;
  /** What the viewer may change this person's role to (permissions.canChangeRole decided). */
  changes: RoleChangeView[];
}

export interface ModerationView {
  reports: { status: ReportStatus; items: ReportView[]; total: number; page: number; totalPages: number };
  bans: BanView[];
  team: TeamMemberView[];
  /** The roles the viewer may give through "Add to the team" (empty: the form is not shown). */
  assignable: { role: AssignableRole; label: string }[];
  limits: { maxBanDays: number; maxReason: number };
}

const REASON_LABELS: Record<ReportReason, string> = { spam: "Spam", abuse: "Abuse", off_topic: "Off topic", other: "Other" };
const CHANGES: RoleChangeView[] = [
  { role: "moderator", label: "Make moderator" },
  { role: "admin", label: "Make admin" },
  { role: null, label: "Remove from team" },
];

/** `?status=`: "resolved" shows closed reports; anything else the open queue. */
export function readReportStatus(value: string | string[] | undefined): ReportStatus {
  return value === "resolved" ? "resolved" : "open";
}

function toReportView(row: ReportInContext, groupName: string, banTarget: string | null, authorBanned: boolean): ReportView {
  const { post } = row;
  return {
    id: row.id,
    reason: REASON_LABELS[row.reason] ?? row.reason,
    note: row.note,
    open: row.status === "open",
    outcome: row.status === "open" ? null : row.resolution === "delete_post" ? "Post deleted" : "Dismissed",
    createdAt: row.createdAt,
    reporter: row.reporter,
    post: {
      id: post.id,
      href: `/g/${groupName}/t/${post.thread.id}/${post.thread.slug}#post-${post.id}`,
      threadTitle: post.thread.title,
      author: post.user,
      createdAt: post.createdAt,
      html: post.deletedBy === null ? serveStoredHtml(post.contentHtml ?? renderDeltaToStoredHtml(post.content)) : "",
      deletedBy: post.deletedBy,
    },
    banTarget,
    authorBanned,
  };
}

function toBanView(row: BanRow): BanView {
  return { user: row.user, reason: row.reason, until: row.until, bannedAt: row.createdAt, bannedBy: row.bannedBy };
}

/** Everyone with a role, owner first; the owner counts even if their admin row went missing. */
function collectTeamRoles(group: { ownerId: number | null; admins: readonly { userId: number; role: GroupAdminRole }[] }): Map<number, GroupAdminRole> {
  // A group without an owner (contract section 20) lists its other roles only.
  const roles = new Map<number, GroupAdminRole>(group.ownerId === null ? [] : [[group.ownerId, "owner"]]);
  for (const admin of group.admins) if (!roles.has(admin.userId)) roles.set(admin.userId, admin.role);
  return roles;
}

async function loadTeam(viewer: SignedIn, role: GroupRole, roles: Map<number, GroupAdminRole>): Promise<TeamMemberView[]> {
  const people = await loadPostAuthors([...roles.keys()]);
  const team = [...roles].flatMap(([userId, adminRole]) => {
    const person = people.get(userId);
    if (!person) return [];
    const target = { userId, adminRole };
    const member: TeamMemberView = {
      user: { id: userId, username: person.username, photoUrl: proxyImageUrl(person.photoUrl) },
      role: adminRole,
      roleLabel: GROUP_ROLE_TITLES[adminRole],
      isViewer: userId === viewer.id,
      changes: CHANGES.filter((change) => change.role !== adminRole && canChangeRole(viewer, role, target, change.role)),
    };
    return [member];
  });
  team.sort((a, b) => compareRoles(a.role, b.role) || a.user.username.localeCompare(b.user.username));
  return team;
}

/**
 * The moderation page of a group for `viewer`: null `moderation` when they are not one of its
 * moderators (the page says so instead of showing anything).
 */
export async function loadModerationPage(
  viewer: SignedIn,
  groupName: string,
  query: { status: ReportStatus; page: number },
): Promise<{ group: GroupView; moderation: ModerationView | null }> {
  const record = await getGroup(viewer, { name: groupName });
  const group = toGroupView(record);
  if (!canModerate(record.role)) return { group, moderation: null };
  const [reports, bans] = await Promise.all([
    listReportsWithTotal(viewer, group.id, { status: query.status, page: query.page, perPage: REPORTS_PER_PAGE }),
    listBans(viewer, group.id),
  ]);
  const roles = collectTeamRoles(record.group);
  const banned = new Set(bans.map((ban) => ban.userId));
  const items = reports.reports.map((row) => {
    const author = row.post.user;
    const bannable = canBan(viewer, record.role, { userId: author.id, adminRole: roles.get(author.id) ?? null });
    return toReportView(row, group.name, bannable && !banned.has(author.id) ? author.username : null, banned.has(author.id));
  });
  return {
    group,
    moderation: {
      reports: { status: query.status, items, total: reports.total, page: query.page, totalPages: countPages(reports.total, REPORTS_PER_PAGE) },
      bans: bans.map(toBanView),
      team: await loadTeam(viewer, record.role, roles),
      assignable: (["moderator", "admin"] as const)
        .filter((next) => canAssignRole(record.role, next))
        .map((next) => ({ role: next, label: GROUP_ROLE_TITLES[next] })),
      limits: { maxBanDays: MAX_BAN_DAYS, maxReason: MAX_BAN_REASON },
    },
  };
}
