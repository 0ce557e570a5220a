import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeGroupFeatures } from "@/lib/api/serializers/group";
import { GroupFeaturesResponseSchema, SetGroupFeatureParamsSchema } from "@/lib/schemas/group-feature-schemas";
import { setGroupFeature } from "@/lib/services/group-features";
import { getGroup } from "@/lib/services/groups";

// POST /api/v2/groups/{group_id}/features
export const setGroupFeatureEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/features",
    family: "v2",
    auth: "user",
    tag: "Groups",
    summary:
      "Switch a feature (`attached_files`, `badges`, `rewards`, `topic_organization`, `share_externally`); the fixed ones answer 400 to a change (admins)",
    params: SetGroupFeatureParamsSchema,
    response: GroupFeaturesResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    await setGroupFeature(viewer, params.group_id, params.feature_name, params.status === 1 ? 1 : 0);
    return { feature: serializeGroupFeatures((await getGroup(viewer, { id: params.group_id })).group.features) };
  },
);
