import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { GROUP_ROLE_TITLES } from "@/lib/db/records/codes";
import { countPages } from "@/lib/db/pagination";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { listGroupMembers } from "@/lib/services/memberships";
import { listJoinRequests } from "@/lib/db/memberships";
import type { GroupView } from "@/lib/views/group-view";

export const MEMBERS_PER_PAGE = 30;

export interface MemberView {
  id: number;
  username: string;
  photoUrl: string;
  role: string | null;
  joinedAt: Date;
}

export interface JoinRequestView {
  userId: number;
  username: string;
  message: string;
  createdAt: Date;
}

export interface MembersPageView {
  members: MemberView[];
  count: number;
  page: number;
  totalPages: number;
  /** The queue, for moderators only. */
  requests: JoinRequestView[] | null;
}

/** The members page: members (moderators first, a page at a time) and, for moderators, the request queue. */
export async function loadMembersPage(viewer: Actor, group: GroupView, page: number): Promise<MembersPageView> {
  const list = await listGroupMembers(viewer, group.id, { state: "member", page, perPage: MEMBERS_PER_PAGE });
  const requests = group.viewerIsModerator ? await listJoinRequests(group.id) : null;
  return {
    members: list.members.map((member) => ({
      id: member.user.id,
      username: member.user.username,
      photoUrl: proxyImageUrl(member.user.photoUrl),
      role: member.adminRole === null ? null : GROUP_ROLE_TITLES[member.adminRole],
      joinedAt: member.joinedAt,
    })),
    count: list.count,
    page,
    totalPages: countPages(list.count, MEMBERS_PER_PAGE),
    requests:
      requests?.map((request) => ({ userId: request.userId, username: request.username, message: request.message, createdAt: request.createdAt })) ?? null,
  };
}
