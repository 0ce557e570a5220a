import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeTag } from "@/lib/api/serializers/tag";
import { EmptyResponseSchema } from "@/lib/schemas/moderation-schemas";
import {
  CreateTagParamsSchema,
  EditTagParamsSchema,
  GroupTagsParamsSchema,
  OrderTagsParamsSchema,
  TagParamsSchema,
  TagSchema,
} from "@/lib/schemas/tag-schemas";
import { createTag, deleteTag, editTag, listTags, orderTags } from "@/lib/services/tags";
import { groupGuestVersion } from "@/lib/services/thread-lists";

// Contract section 18, "Tags": a group's vocabulary, kept by its admins.

const TagsResponseSchema = z.object({ tags: z.array(TagSchema) });
const TagResponseSchema = z.object({ tag: TagSchema });

// GET /api/v2/groups/{group_id}/tags
export const getGroupTags = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/tags",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Tags",
    summary: "Tags of a group, in the admins' order",
    params: GroupTagsParamsSchema,
    response: TagsResponseSchema,
    guestVersion: (params) => groupGuestVersion(params.group_id),
  },
  async ({ params, viewer }) => ({ tags: (await listTags(viewer, params.group_id)).map(serializeTag) }),
);

// POST /api/v2/groups/{group_id}/tags
export const createGroupTag = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/tags",
    family: "v2",
    auth: "user",
    tag: "Tags",
    summary: "Create a tag (group owner or admin)",
    params: CreateTagParamsSchema,
    response: TagResponseSchema,
    errors: ["conflict"],
  },
  async ({ params, viewer }) => {
    const { name, color, description } = params;
    return { tag: serializeTag(await createTag(viewer, params.group_id, { name, color, description, restricted: params.restricted === 1 })) };
  },
);

// POST /api/v2/groups/{group_id}/tags/{tag_id}/edit
export const editGroupTag = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/tags/{tag_id}/edit",
    family: "v2",
    auth: "user",
    tag: "Tags",
    summary: "Edit a tag: the fields sent change (group owner or admin)",
    params: EditTagParamsSchema,
    response: TagResponseSchema,
    errors: ["conflict"],
  },
  async ({ params, viewer }) => {
    const { name, color, description } = params;
    const restricted = params.restricted === undefined ? undefined : params.restricted === 1;
    return { tag: serializeTag(await editTag(viewer, params.group_id, params.tag_id, { name, color, description, restricted })) };
  },
);

// POST /api/v2/groups/{group_id}/tags/{tag_id}/delete
export const deleteGroupTag = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/tags/{tag_id}/delete",
    family: "v2",
    auth: "user",
    tag: "Tags",
    summary: "Delete a tag; it leaves its threads (group owner or admin)",
    params: TagParamsSchema,
    response: EmptyResponseSchema,
  },
  async ({ params, viewer }) => {
    await deleteTag(viewer, params.group_id, params.tag_id);
    return {};
  },
);

// POST /api/v2/groups/{group_id}/tags/order
export const orderGroupTags = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/tags/order",
    family: "v2",
    auth: "user",
    tag: "Tags",
    summary: "Set the order of a group's tags (group owner or admin)",
    params: OrderTagsParamsSchema,
    response: TagsResponseSchema,
  },
  async ({ params, viewer }) => ({ tags: (await orderTags(viewer, params.group_id, params.ids)).map(serializeTag) }),
);
