import "server-only";
import { canManageGroup, canModerate, listGroupManagers } from "@/lib/auth/permissions";
import type { CategoryRow } from "@/lib/db/categories";
import type { GroupDirectoryRow } from "@/lib/db/groups";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import type { GroupRecord } from "@/lib/services/groups";

/** The top of every group page and what its write pages need to know. */
export interface GroupView {
  id: number;
  name: string;
  title: string;
  description: string;
  /** As entered (the settings form edits them). */
  cover: string;
  logo: string;
  /** What the page loads (through /media/proxy), or "". */
  coverSrc: string;
  logoSrc: string;
  members: number;
  onlineMembers: number;
  /** Who may open the settings: the Settings link is shown to them in the browser. */
  managerIds: number[];
  /** Whether the viewer of this request may change the group. */
  viewerCanManage: boolean;
  /** Whether the viewer of this request is one of its moderators (the Moderation link, the moderation page). */
  viewerIsModerator: boolean;
}

export interface CategoryView {
  id: number;
  name: string;
  /** null at the top level. */
  parentId: number | null;
}

/** A community on the home page. */
export interface GroupCardView {
  id: number;
  name: string;
  title: string;
  description: string;
  /** What the page loads (through /media/proxy), or "". */
  logo: string;
  members: number;
  threads: number;
  lastActivityAt: Date;
}

export function toGroupView({ group, onlineMembers, role }: GroupRecord): GroupView {
  return {
    id: group.id,
    name: group.name,
    title: group.title,
    description: group.description,
    cover: group.cover,
    logo: group.logo,
    coverSrc: proxyImageUrl(group.cover),
    logoSrc: proxyImageUrl(group.logo),
    members: group.membersCount,
    onlineMembers,
    managerIds: listGroupManagers(group),
    viewerCanManage: canManageGroup(role),
    viewerIsModerator: canModerate(role),
  };
}

export function toCategoryView(row: CategoryRow): CategoryView {
  return { id: row.id, name: row.name, parentId: row.parentId };
}

export function toGroupCardView(row: GroupDirectoryRow): GroupCardView {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    logo: proxyImageUrl(row.logo),
    members: row.membersCount,
    threads: row.threadsCount,
    lastActivityAt: row.lastActivityAt,
  };
}
