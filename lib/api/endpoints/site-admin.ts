import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { RecommendParamsSchema, RecommendResponseSchema, SuspendParamsSchema, SuspendResponseSchema } from "@/lib/schemas/site-admin-schemas";
import { setGroupRecommend } from "@/lib/services/group-recommend";
import { setAccountSuspension } from "@/lib/services/site-admin";

// Contract section 20, "Site administration".

const flag = (value: number | undefined) => (value === undefined ? undefined : value === 1);

// POST /api/v2/admin/users/{user_id}/suspend
export const suspendUserEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/admin/users/{user_id}/suspend",
    family: "v2",
    auth: "user",
    tag: "Site administration",
    summary: "Suspend (1) or restore (0) an account; a suspension ends its tokens and sessions at once (site admins)",
    params: SuspendParamsSchema,
    response: SuspendResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    const { userId, active } = await setAccountSuspension(viewer, params.user_id, {
      suspended: params.suspended === 1,
      reason: params.reason ?? "",
      days: params.days ?? 0,
    });
    return { user_id: userId, activate: active ? 1 : 0 };
  },
);

// POST /api/v2/admin/groups/{group_id}/recommend
export const recommendGroupEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/admin/groups/{group_id}/recommend",
    family: "v2",
    auth: "user",
    tag: "Site administration",
    summary: "Keep a group out of recommend_groups: `no_recommend` (its owner or a site admin), `super_no_recommend` (site admins)",
    params: RecommendParamsSchema,
    response: RecommendResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    const result = await setGroupRecommend(viewer, params.group_id, {
      noRecommend: flag(params.no_recommend),
      superNoRecommend: flag(params.super_no_recommend),
    });
    return { group_id: result.groupId, no_recommend: result.noRecommend ? 1 : 0, super_no_recommend: result.superNoRecommend ? 1 : 0 };
  },
);
