import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeThreadListItem } from "@/lib/api/serializers/thread-list-item";
import { CategoryThreadsParamsSchema, GroupThreadsParamsSchema, ThreadListItemSchema } from "@/lib/schemas/thread-list-schemas";
import { readThreadListFaces } from "@/lib/services/badge-faces";
import { groupGuestVersion, listGroupThreads } from "@/lib/services/thread-lists";

const ThreadsResponseSchema = z.object({ threads: z.array(ThreadListItemSchema) });

// GET /api/v2/groups/{group_id}/threads
export const getGroupThreads = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/threads",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Threads",
    summary: "12. Threads of a group",
    params: GroupThreadsParamsSchema,
    response: ThreadsResponseSchema,
    listKey: "threads",
    guestVersion: (params) => groupGuestVersion(params.group_id),
  },
  async ({ params, viewer }) => {
    const { group_id: groupId, category_id: categoryId, page, per_page: perPage, sort, tag_id: tagId } = params;
    const { entries, access } = await listGroupThreads(viewer, { groupId, categoryId, page, perPage, sort, tagId });
    const faces = await readThreadListFaces(groupId, entries);
    return { threads: entries.map((entry) => serializeThreadListItem(entry, access, Date.now(), faces)) };
  },
);

// GET /api/v2/groups/{group_id}/categories/{category_id}
export const getCategoryThreads = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/categories/{category_id}",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Threads",
    summary: "2. Threads of a category",
    params: CategoryThreadsParamsSchema,
    response: ThreadsResponseSchema,
    listKey: "threads",
    guestVersion: (params) => groupGuestVersion(params.group_id),
  },
  async ({ params, viewer }) => {
    const { group_id: groupId, category_id: categoryId, page, per_page: perPage, tag_id: tagId } = params;
    const { entries, access } = await listGroupThreads(viewer, { groupId, categoryId, page, perPage, sort: "new", tagId });
    const faces = await readThreadListFaces(groupId, entries);
    return { threads: entries.map((entry) => serializeThreadListItem(entry, access, Date.now(), faces)) };
  },
);
