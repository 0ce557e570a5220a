"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { GroupNameSchema } from "@/lib/schemas/group-schemas";
import { MAX_ID } from "@/lib/schemas/params";
import { Conflict, Invalid } from "@/lib/errors";
import { createTag, deleteTag, editTag, orderTags } from "@/lib/services/tags";

// The tag manager (group settings, contract section 18): the same use cases, and checks, as the API's.

const Id = z.number().int().min(1).max(MAX_ID);
const Group = { groupId: Id, groupName: GroupNameSchema };
const Fields = { name: z.string().max(200), color: z.string().max(20), description: z.string().max(1000), restricted: z.boolean() };

/** The forms name a tag's `name` "Name" (a group's `name` is its "Handle"): its refusals say so. */
async function asTagForm<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error instanceof Invalid || error instanceof Conflict) && error.field === "name") {
      throw new Invalid("tag_name", error instanceof Invalid ? error.detail : error.message.replace(/^name: /, ""));
    }
    throw error;
  }
}

/** The group's pages show its tags (filter, chips, pickers): each write refreshes them. */
function refresh(groupName: string): void {
  revalidatePath(`/g/${groupName}`, "layout");
}

export const createTagAction = defineAction({ name: "createTag", auth: "user", input: z.object({ ...Group, ...Fields }) }, async ({ viewer, input }) => {
  const { groupId, groupName, ...fields } = input;
  const tag = await asTagForm(() => createTag(viewer, groupId, fields));
  refresh(groupName);
  return { id: tag.id, name: tag.name };
});

export const editTagAction = defineAction({ name: "editTag", auth: "user", input: z.object({ ...Group, tagId: Id, ...Fields }) }, async ({ viewer, input }) => {
  const { groupId, groupName, tagId, ...fields } = input;
  const tag = await asTagForm(() => editTag(viewer, groupId, tagId, fields));
  refresh(groupName);
  return { id: tag.id, name: tag.name };
});

export const deleteTagAction = defineAction({ name: "deleteTag", auth: "user", input: z.object({ ...Group, tagId: Id }) }, async ({ viewer, input }) => {
  await deleteTag(viewer, input.groupId, input.tagId);
  refresh(input.groupName);
  return { id: input.tagId };
});

/** The admins' order, every tag once. */
export const orderTagsAction = defineAction(
  { name: "orderTags", auth: "user", input: z.object({ ...Group, ids: z.array(Id).min(1).max(10_000) }) },
  async ({ viewer, input }) => {
    const tags = await orderTags(viewer, input.groupId, input.ids);
    refresh(input.groupName);
    return tags.map((tag) => tag.id);
  },
);
