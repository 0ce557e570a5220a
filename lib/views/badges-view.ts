import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { GROUP_ROLE_TITLES } from "@/lib/db/records/codes";
import { listBadgeHolders, listUserBadges } from "@/lib/db/badge-holders";
import { readAuthorFaces, type AuthorFaces } from "@/lib/db/badge-faces";
import { isGroupFeatureOn } from "@/lib/db/group-features";
import type { BadgeKind, BadgeRecord } from "@/lib/db/badges";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import type { GateRule } from "@/lib/schemas/membership-schemas";
import { listBadges } from "@/lib/services/badges";
import type { GroupView } from "@/lib/views/group-view";

// The group's badge page, badges on profiles and beside names (contract section 19).

const HOLDERS_SHOWN = 24;
const METRIC_WORDS = { posts: "posts", threads: "threads started", likes_received: "likes received", days_member: "days as a member" } as const;

export interface BadgeChipView {
  id: number;
  name: string;
  description: string;
  imageUrl: string;
}

export interface BadgeView extends BadgeChipView {
  /** The image address as the admin typed it (the form edits it; pages show the proxied one). */
  rawImageUrl: string;
  originUrl: string;
  kind: BadgeKind;
  /** How it is earned, in words ("50 posts", "holds 100 of 0x12…ab on chain 1"); null for manual ones. */
  earnedBy: string | null;
  rule: { metric: keyof typeof METRIC_WORDS; atLeast: number } | null;
  token: GateRule | null;
  allowTitle: boolean;
  grantCount: number;
  holders: { id: number; username: string }[];
}

export interface BadgesPageView {
  /** The group's `badges` feature (contract section 20); off, the page says so and offers nothing. */
  featureOn: boolean;
  badges: BadgeView[];
  canManage: boolean;
  canGrant: boolean;
  /** Badges the viewer holds here that may be a title, and the one chosen; null for non-members. */
  titles: { choices: BadgeChipView[]; currentId: number } | null;
}

function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

function describeEarning(badge: BadgeRecord): string | null {
  if (badge.rule) return `${badge.rule.atLeast} ${METRIC_WORDS[badge.rule.metric]}`;
  if (badge.token) {
    const what = badge.token.type === "native" ? "the chain's coin" : `${badge.token.type.toUpperCase()} ${shortAddress(badge.token.contract_address)}`;
    return `holds ${badge.token.min_amount} of ${what} on chain ${badge.token.chain_id}`;
  }
  return null;
}

export function toBadgeChipView(badge: { id: number; name: string; description: string; imageUrl: string }): BadgeChipView {
  return { id: badge.id, name: badge.name, description: badge.description, imageUrl: proxyImageUrl(badge.imageUrl) };
}

/** The badge page of a group the viewer may read. */
export async function loadBadgesPage(viewer: Actor, group: GroupView): Promise<BadgesPageView> {
  const [badges, featureOn] = await Promise.all([listBadges(viewer, group.id), isGroupFeatureOn(group.id, "badges")]);
  const holders = await listBadgeHolders(
    badges.map((badge) => badge.id),
    HOLDERS_SHOWN,
  );
  const member = viewer !== null && (group.membership === "member" || group.membership === "owner" || group.viewerIsModerator);
  let titles: BadgesPageView["titles"] = null;
  if (member && badges.length > 0) {
    const [held, faces] = await Promise.all([listUserBadges(viewer.id, viewer.id, group.id), readAuthorFaces(group.id, [viewer.id])]);
    titles = {
      choices: (held ?? []).filter((entry) => entry.badge.allowTitle).map((entry) => toBadgeChipView(entry.badge)),
      currentId: faces.get(viewer.id)?.title?.badgeId ?? 0,
    };
  }
  return {
    featureOn,
    badges: badges.map((badge) => ({
      ...toBadgeChipView(badge),
      rawImageUrl: badge.imageUrl,
      originUrl: badge.originUrl,
      kind: badge.kind,
      earnedBy: describeEarning(badge),
      rule: badge.rule,
      token: badge.token,
      allowTitle: badge.allowTitle,
      grantCount: badge.grantCount,
      holders: (holders.get(badge.id) ?? []).map((holder) => ({ id: holder.userId, username: holder.username })),
    })),
    canManage: featureOn && group.viewerCanManage,
    canGrant: featureOn && group.viewerIsModerator,
    titles,
  };
}

export interface ProfileBadgeView extends BadgeChipView {
  groupName: string;
}

/** A profile's badges in groups the viewer may read, newest first. */
export async function loadProfileBadges(viewer: Actor, userId: number): Promise<ProfileBadgeView[]> {
  const held = (await listUserBadges(userId, viewer?.id ?? null, null)) ?? [];
  return held.slice(0, 60).map((entry) => ({ ...toBadgeChipView(entry.badge), groupName: entry.groupName }));
}

/** What shows beside an author's name: their newest badges and their title (or a moderator's role). */
export interface AuthorFaceView {
  badges: BadgeChipView[];
  title: string | null;
}

export const NO_FACE: AuthorFaceView = { badges: [], title: null };

export function toAuthorFaceView(faces: AuthorFaces, userId: number): AuthorFaceView {
  const face = faces.get(userId);
  if (!face) return NO_FACE;
  return {
    badges: face.badges.map((badge) => toBadgeChipView({ id: badge.badgeId, name: badge.name, description: badge.description, imageUrl: badge.imageUrl })),
    title: face.title?.name ?? (face.role ? GROUP_ROLE_TITLES[face.role] : null),
  };
}
