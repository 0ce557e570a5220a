import "server-only";
import { z } from "zod";
import { getGroupInfo } from "@/lib/api/endpoints/groups";
import type { Operation } from "@/lib/api/openapi/build-document";
import { GroupSchema } from "@/lib/schemas/group-schemas";

/** Every operation of both families, with the schema of its `data`. */
export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v2/groups/{group_id}",
    family: "v2",
    tag: "Groups",
    summary: "Get group info (reference endpoint 4)",
    endpoint: getGroupInfo,
    data: z.object({ group: GroupSchema }),
  },
];
