"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { createCategory } from "@/lib/services/categories";
import { createGroup, updateGroupSettings } from "@/lib/services/groups";

const GroupFieldsInput = z.object({ title: z.string(), description: z.string(), cover: z.string(), logo: z.string() });

const NewGroupInput = GroupFieldsInput.extend({ name: z.string() });
export type NewGroupInput = z.infer<typeof NewGroupInput>;

/** Creates a community owned by the signed-in user; the service validates every field. */
export const createGroupAction = defineAction({ name: "createGroup", auth: "user", input: NewGroupInput }, async ({ viewer, input }) => {
  const group = await createGroup(viewer, input);
  return { name: group.name };
});

const GroupSettingsInput = GroupFieldsInput.extend({ groupId: z.number().int().positive(), groupName: z.string() });
export type GroupSettingsInput = z.infer<typeof GroupSettingsInput>;

export const updateGroupSettingsAction = defineAction(
  { name: "updateGroupSettings", auth: "user", input: GroupSettingsInput },
  async ({ viewer, input: { groupId, groupName, ...fields } }) => {
    await updateGroupSettings(viewer, groupId, fields);
    revalidatePath(`/g/${groupName}`, "layout");
    return undefined;
  },
);

const NewCategoryInput = z.object({
  groupId: z.number().int().positive(),
  groupName: z.string(),
  name: z.string(),
  parentId: z.number().int().positive().nullable(),
});
export type NewCategoryInput = z.infer<typeof NewCategoryInput>;

export const createCategoryAction = defineAction(
  { name: "createCategory", auth: "user", input: NewCategoryInput },
  async ({ viewer, input: { groupId, groupName, name, parentId } }) => {
    const category = await createCategory(viewer, { groupId, name, parentId });
    revalidatePath(`/g/${groupName}`, "layout");
    return { id: category.id, name: category.name };
  },
);
