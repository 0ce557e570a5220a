import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeBadge, serializeUserBadge, serializeUserTitle } from "@/lib/api/serializers/badge";
import type { BadgeFields } from "@/lib/db/badges";
import {
  BadgeIdParamsSchema,
  BadgeResponseSchema,
  BadgesResponseSchema,
  CreateBadgeParamsSchema,
  EditBadgeParamsSchema,
  GrantBadgeParamsSchema,
  GroupBadgesParamsSchema,
  SetTitleParamsSchema,
  UserBadgeResponseSchema,
  UserBadgesParamsSchema,
  UserBadgesResponseSchema,
  UserTitleResponseSchema,
} from "@/lib/schemas/badge-schemas";
import { EmptyResponseSchema } from "@/lib/schemas/moderation-schemas";
import { formatTimestamp } from "@/lib/api/time";
import { createBadge, deleteBadge, editBadge, grantBadge, listBadges, listBadgesOfUser, revokeBadge } from "@/lib/services/badges";
import { setTitle } from "@/lib/services/badge-titles";
import { groupGuestVersion } from "@/lib/services/thread-lists";

// Contract section 19, "Badges and titles".

// GET /api/v2/groups/{group_id}/badges
export const getGroupBadges = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/badges",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Badges",
    summary: "Badges of a group (empty while its badges feature is off)",
    params: GroupBadgesParamsSchema,
    response: BadgesResponseSchema,
    guestVersion: (params) => groupGuestVersion(params.group_id),
  },
  async ({ params, viewer }) => ({ badges: (await listBadges(viewer, params.group_id)).map(serializeBadge) }),
);

// POST /api/v2/groups/{group_id}/badges
export const createGroupBadge = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/badges",
    family: "v2",
    auth: "user",
    tag: "Badges",
    summary: "Create a badge: manual, rule or token (group owner or admin)",
    params: CreateBadgeParamsSchema,
    response: BadgeResponseSchema,
  },
  async ({ params, viewer }) => {
    const fields: BadgeFields = {
      name: params.name,
      description: params.description,
      imageUrl: params.image_url,
      originUrl: params.origin_url,
      kind: params.kind,
      rule: params.rule ?? null,
      token: params.token ?? null,
      allowTitle: params.allow_title === 1,
    };
    return { badge: serializeBadge(await createBadge(viewer, params.group_id, fields)) };
  },
);

// POST /api/v2/badges/{badge_id}/edit
export const editGroupBadge = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/badges/{badge_id}/edit",
    family: "v2",
    auth: "user",
    tag: "Badges",
    summary: "Edit a badge: the fields sent change (group owner or admin)",
    params: EditBadgeParamsSchema,
    response: BadgeResponseSchema,
  },
  async ({ params, viewer }) => {
    const edit: Partial<BadgeFields> = {
      name: params.name,
      description: params.description,
      imageUrl: params.image_url,
      originUrl: params.origin_url,
      kind: params.kind,
      rule: params.rule,
      token: params.token,
      allowTitle: params.allow_title === undefined ? undefined : params.allow_title === 1,
    };
    return { badge: serializeBadge(await editBadge(viewer, params.badge_id, edit)) };
  },
);

// POST /api/v2/badges/{badge_id}/delete
export const deleteGroupBadge = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/badges/{badge_id}/delete",
    family: "v2",
    auth: "user",
    tag: "Badges",
    summary: "Delete a badge with its holdings and titles (group owner or admin)",
    params: BadgeIdParamsSchema,
    response: EmptyResponseSchema,
  },
  async ({ params, viewer }) => {
    await deleteBadge(viewer, params.badge_id);
    return {};
  },
);

// POST /api/v2/badges/{badge_id}/grant
export const grantGroupBadge = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/badges/{badge_id}/grant",
    family: "v2",
    auth: "user",
    tag: "Badges",
    summary: "Grant a manual badge to a user (moderators); the user is notified",
    params: GrantBadgeParamsSchema,
    response: UserBadgeResponseSchema,
  },
  async ({ params, viewer }) => ({ user_badge: serializeUserBadge(await grantBadge(viewer, params.badge_id, params.user_id, params.reason)) }),
);

// POST /api/v2/badges/{badge_id}/revoke
export const revokeGroupBadge = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/badges/{badge_id}/revoke",
    family: "v2",
    auth: "user",
    tag: "Badges",
    summary: "Revoke a manual badge from a user (moderators)",
    params: GrantBadgeParamsSchema,
    response: EmptyResponseSchema,
  },
  async ({ params, viewer }) => {
    await revokeBadge(viewer, params.badge_id, params.user_id);
    return {};
  },
);

// GET /api/v2/users/{user_id}/badges
export const getUserBadges = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/users/{user_id}/badges",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Badges",
    summary: "A user's badges in the groups the reader may read (group_id narrows to one)",
    params: UserBadgesParamsSchema,
    response: UserBadgesResponseSchema,
  },
  async ({ params, viewer }) => {
    const held = await listBadgesOfUser(viewer, params.user_id, params.group_id ?? null);
    return { badges: held.map((entry) => ({ badge: serializeBadge(entry.badge), group_id: entry.groupId, granted_at: formatTimestamp(entry.grantedAt) })) };
  },
);

// POST /api/v2/groups/{group_id}/title
export const setGroupTitle = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/title",
    family: "v2",
    auth: "user",
    tag: "Badges",
    summary: "Choose the badge shown as your title in the group (badge_id 0 clears it)",
    params: SetTitleParamsSchema,
    response: UserTitleResponseSchema,
  },
  async ({ params, viewer }) => ({ user_title: serializeUserTitle((await setTitle(viewer, params.group_id, params.badge_id)) ?? undefined) }),
);
