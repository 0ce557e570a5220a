import "server-only";
import { z } from "zod";
import { notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeGroup } from "@/lib/api/serializers/group";
import { countOnlineMembers, findAdminLevel, findGroupDetail } from "@/lib/db/groups";
import { idParam } from "@/lib/schemas/params";

// GET /api/v2/groups/{group_id}
export const getGroupInfo = defineEndpoint(
  { auth: "optional", params: z.object({ group_id: idParam() }) },
  async ({ params, viewer }) => {
    const row = await findGroupDetail({ id: params.group_id });
    if (!row) throw notFound("group");
    const [onlineMembers, viewerAdminLevel] = await Promise.all([
      countOnlineMembers(row.id),
      viewer ? findAdminLevel(row.id, viewer.id) : Promise.resolve(null),
    ]);
    return { group: serializeGroup(row, { onlineMembers, viewerAdminLevel }) };
  },
);
