import "server-only";
import { z } from "zod";
import { notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeGroup } from "@/lib/api/serializers/group";
import { countOnlineMembers, findAdminLevel, findGroupDetail } from "@/lib/db/groups";
import type { GroupDto } from "@/lib/schemas/group-schemas";
import { idParam } from "@/lib/schemas/params";

/** A group in the get-group-info shape, by id or handle; the web pages render the same data. */
export async function loadGroupInfo(input: { where: { id: number } | { name: string }; viewerId: number | null }): Promise<GroupDto> {
  const where = "name" in input.where ? { name: input.where.name.toLowerCase() } : input.where;
  const row = await findGroupDetail(where);
  if (!row) throw notFound("group");
  const [onlineMembers, viewerAdminLevel] = await Promise.all([
    countOnlineMembers(row.id),
    input.viewerId === null ? Promise.resolve(null) : findAdminLevel(row.id, input.viewerId),
  ]);
  return serializeGroup(row, { onlineMembers, viewerAdminLevel });
}

// GET /api/v2/groups/{group_id}
export const getGroupInfo = defineEndpoint(
  { auth: "optional", params: z.object({ group_id: idParam() }) },
  async ({ params, viewer }) => ({
    group: await loadGroupInfo({ where: { id: params.group_id }, viewerId: viewer?.id ?? null }),
  }),
);
