import "server-only";
import { canGrantBadges, canManageBadges, canSeeGroup, loadGroupRole, type Actor, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import {
  clearTitlesOf,
  deleteUserBadge,
  findHolding,
  grantRuleBadgesToMembers,
  insertUserBadge,
  listUserBadges,
  type HeldBadge,
  type UserBadgeRecord,
} from "@/lib/db/badge-holders";
import { deleteBadgeRow, findBadge, insertBadge, listGroupBadges, updateBadge, type BadgeFields, type BadgeRecord } from "@/lib/db/badges";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { isGroupFeatureOn } from "@/lib/db/group-features";
import { recordModAction } from "@/lib/db/modlog";
import { userExists } from "@/lib/db/users";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { readRpcUrls } from "@/lib/services/chain-balances";
import { loadReadableRole } from "@/lib/services/group-access";
import { parseField } from "@/lib/services/parse-field";
import { BadgeDescriptionSchema, BadgeImageUrlSchema, BadgeNameSchema, BadgeOriginUrlSchema } from "@/lib/schemas/badge-schemas";
import { requireGroupFeature } from "@/lib/services/group-features";

// Contract section 19, "Badges and titles": admins define a group's badges, moderators grant and
// revoke the manual ones, rules and the token sweep the others (prisma/derived/badges.sql,
// lib/services/token-badges.ts). With the group's `badges` feature off, reads are empty and
// writes a 403 naming it.

/** A group's badges for anyone who may read it (none while the feature is off). */
export async function listBadges(actor: Actor, groupId: number): Promise<BadgeRecord[]> {
  await loadReadableRole(actor, groupId);
  if (!(await isGroupFeatureOn(groupId, "badges"))) return [];
  return listGroupBadges(groupId);
}

async function requireRole(actor: SignedIn, groupId: number, tx: Tx, may: (role: GroupRole) => boolean, refusal: string): Promise<GroupRole> {
  const role = await loadGroupRole(actor, groupId, tx);
  if (!role || !canSeeGroup(role)) throw new NotFound("group");
  if (!may(role)) throw new Forbidden(refusal);
  await requireGroupFeature(groupId, "badges", tx);
  return role;
}

const ADMINS_ONLY = "Only the group owner or an admin can manage its badges";

/**
 * The fields checked as the API checks them (the pages' actions call these too); then kind, rule and
 * token agree: a rule badge has a rule, a token badge a token on a chain the server reads, and
 * neither has the other's.
 */
function checkKind(input: BadgeFields): BadgeFields {
  const fields: BadgeFields = {
    ...input,
    name: parseField(BadgeNameSchema, input.name, "name"),
    description: parseField(BadgeDescriptionSchema, input.description, "description"),
    imageUrl: parseField(BadgeImageUrlSchema, input.imageUrl, "image_url"),
    originUrl: parseField(BadgeOriginUrlSchema, input.originUrl, "origin_url"),
  };
  if (fields.kind === "rule" && !fields.rule) throw new Invalid("rule", "is required for kind rule");
  if (fields.kind !== "rule" && fields.rule) throw new Invalid("rule", "is only for kind rule");
  if (fields.kind === "token" && !fields.token) throw new Invalid("token", "is required for kind token");
  if (fields.kind !== "token" && fields.token) throw new Invalid("token", "is only for kind token");
  if (fields.token && !readRpcUrls().has(fields.token.chain_id)) throw new Invalid("token", `the server has no RPC for chain ${fields.token.chain_id}`);
  return fields;
}

/** A new badge; a rule badge is granted at once to the members who already qualify. */
export async function createBadge(actor: SignedIn, groupId: number, input: BadgeFields): Promise<BadgeRecord> {
  const fields = checkKind(input);
  return inTransaction(async (tx) => {
    await requireRole(actor, groupId, tx, canManageBadges, ADMINS_ONLY);
    const badge = await insertBadge(tx, groupId, fields);
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "create_badge", targetType: "badge", targetId: badge.id, reason: badge.name });
    if (badge.kind === "rule") await grantRuleBadgesToMembers(tx, groupId);
    return (await findBadge(badge.id, tx)) ?? badge;
  });
}

async function loadBadge(badgeId: number, tx: Tx): Promise<BadgeRecord> {
  const badge = await findBadge(badgeId, tx);
  if (!badge) throw new NotFound("badge");
  return badge;
}

/** Changes the fields given. Holdings stay; a rule badge grants again to members who now qualify. */
export async function editBadge(actor: SignedIn, badgeId: number, edit: Partial<BadgeFields>): Promise<BadgeRecord> {
  return inTransaction(async (tx) => {
    const badge = await loadBadge(badgeId, tx);
    await requireRole(actor, badge.groupId, tx, canManageBadges, ADMINS_ONLY);
    const kind = edit.kind ?? badge.kind;
    // A changed kind drops what only the old kind had, unless it is sent again.
    const fields = checkKind({
      name: edit.name ?? badge.name,
      description: edit.description ?? badge.description,
      imageUrl: edit.imageUrl ?? badge.imageUrl,
      originUrl: edit.originUrl ?? badge.originUrl,
      kind,
      rule: edit.rule ?? (kind === "rule" ? badge.rule : null),
      token: edit.token ?? (kind === "token" ? badge.token : null),
      allowTitle: edit.allowTitle ?? badge.allowTitle,
    });
    await updateBadge(tx, badge.id, fields);
    await recordModAction(tx, {
      groupId: badge.groupId,
      moderatorId: actor.id,
      action: "edit_badge",
      targetType: "badge",
      targetId: badge.id,
      reason: fields.name,
    });
    if (fields.kind === "rule") await grantRuleBadgesToMembers(tx, badge.groupId);
    if (!fields.allowTitle) await clearTitlesOf(tx, badge.id);
    return loadBadge(badge.id, tx);
  });
}

/** Deletes a badge with its holdings and the titles made of it. */
export async function deleteBadge(actor: SignedIn, badgeId: number): Promise<void> {
  await inTransaction(async (tx) => {
    const badge = await loadBadge(badgeId, tx);
    await requireRole(actor, badge.groupId, tx, canManageBadges, ADMINS_ONLY);
    await deleteBadgeRow(tx, badge.id);
    await recordModAction(tx, {
      groupId: badge.groupId,
      moderatorId: actor.id,
      action: "delete_badge",
      targetType: "badge",
      targetId: badge.id,
      reason: badge.name,
    });
  });
}

const MODERATORS_ONLY = "Only the group's moderators can grant and revoke its badges";

function requireManual(badge: BadgeRecord): void {
  if (badge.kind !== "manual") throw new Invalid("badge_id", `a ${badge.kind} badge is granted by its ${badge.kind}, not by hand`);
}

/** A moderator grants a manual badge; the holder is notified. Granting one already held answers the holding. */
export async function grantBadge(actor: SignedIn, badgeId: number, userId: number, reason: string): Promise<UserBadgeRecord> {
  return inTransaction(async (tx) => {
    const badge = await loadBadge(badgeId, tx);
    await requireRole(actor, badge.groupId, tx, canGrantBadges, MODERATORS_ONLY);
    requireManual(badge);
    if (!(await userExists(tx, userId))) throw new NotFound("user");
    const granted = await insertUserBadge(tx, badge, userId, actor.id, reason);
    if (granted) {
      await recordModAction(tx, {
        groupId: badge.groupId,
        moderatorId: actor.id,
        action: "grant_badge",
        targetType: "user",
        targetId: userId,
        reason: badge.name,
      });
      return granted;
    }
    return findHolding(tx, badgeId, userId);
  });
}

/** A moderator takes a manual badge back (and the title made of it); 404 when the user does not hold it. */
export async function revokeBadge(actor: SignedIn, badgeId: number, userId: number): Promise<void> {
  await inTransaction(async (tx) => {
    const badge = await loadBadge(badgeId, tx);
    await requireRole(actor, badge.groupId, tx, canGrantBadges, MODERATORS_ONLY);
    requireManual(badge);
    if (!(await deleteUserBadge(tx, badge.id, userId))) throw new NotFound("user badge", "user badge not found: the user does not hold this badge");
    await recordModAction(tx, {
      groupId: badge.groupId,
      moderatorId: actor.id,
      action: "revoke_badge",
      targetType: "user",
      targetId: userId,
      reason: badge.name,
    });
  });
}

/** A user's badges in the groups the reader may read (one group with `groupId`). */
export async function listBadgesOfUser(actor: Actor, userId: number, groupId: number | null): Promise<HeldBadge[]> {
  if (groupId !== null) await loadReadableRole(actor, groupId);
  const held = await listUserBadges(userId, actor?.id ?? null, groupId);
  if (!held) throw new NotFound("user");
  return held;
}
