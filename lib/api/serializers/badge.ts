import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import { GROUP_ROLE_TITLES } from "@/lib/db/records/codes";
import type { UserBadgeRecord } from "@/lib/db/badge-holders";
import type { AuthorFace, AuthorFaces } from "@/lib/db/badge-faces";
import type { BadgeRecord } from "@/lib/db/badges";
import type { BadgeDto } from "@/lib/schemas/badge-schemas";

// Contract section 19, "Badges and titles": the badge record, a holding, and the reference fields
// `badge` and `user_title` that posts, threads and list items carry for their author.

export function serializeBadge(badge: BadgeRecord): BadgeDto {
  return {
    id: badge.id,
    event_id: badge.id,
    name: badge.name,
    desc: badge.description,
    image_url: badge.imageUrl,
    origin_url: badge.originUrl,
    kind: badge.kind,
    rule: badge.rule ? { metric: badge.rule.metric, at_least: badge.rule.atLeast } : null,
    token: badge.token,
    allow_title: badge.allowTitle ? 1 : 0,
    grant_count: badge.grantCount,
  };
}

export function serializeUserBadge(holding: UserBadgeRecord) {
  return {
    badge_id: holding.badgeId,
    user_id: holding.userId,
    granted_at: formatTimestamp(holding.grantedAt),
    granted_by: holding.grantedBy,
    reason: holding.reason,
  };
}

/** `user_title`: the chosen title, else a moderator's role (id 0), else []. */
export function serializeUserTitle(face: AuthorFace | undefined): { id: number; title: string }[] {
  if (!face) return [];
  if (face.title) return [{ id: face.title.badgeId, title: face.title.name }];
  return face.role ? [{ id: 0, title: GROUP_ROLE_TITLES[face.role] }] : [];
}

/** `badge` and `user_title` of an author, from the page's faces. */
export function serializeAuthorFace(faces: AuthorFaces, userId: number) {
  const face = faces.get(userId);
  return {
    badge: (face?.badges ?? []).map((badge) => ({ event_id: badge.badgeId, desc: badge.description, image_url: badge.imageUrl, origin_url: badge.originUrl })),
    user_title: serializeUserTitle(face),
  };
}
