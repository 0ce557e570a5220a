"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { runAction, SIGNED_OUT_ERROR, type ActionResult } from "@/lib/actions/action-result";
import { createCategoryForUser } from "@/lib/api/endpoints/categories";
import { getViewer } from "@/lib/auth/session";
import { createGroupForUser } from "@/lib/services/group-create";
import { updateGroupSettings } from "@/lib/services/group-settings";

const STALE_FORM = "This form is out of date. Reload the page and try again.";

const GroupFieldsInput = z.object({
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  logo: z.string(),
});

const NewGroupInput = GroupFieldsInput.extend({ name: z.string() });
export type NewGroupInput = z.infer<typeof NewGroupInput>;

/** Creates a community owned by the signed-in user; the service validates every field. */
export async function createGroupAction(input: NewGroupInput): Promise<ActionResult<{ name: string }>> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, error: SIGNED_OUT_ERROR };
  const parsed = NewGroupInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: STALE_FORM };
  return runAction("createGroup", async () => {
    await createGroupForUser({ userId: viewer.id, ...parsed.data });
    return { name: parsed.data.name.trim().toLowerCase() };
  });
}

const GroupSettingsInput = GroupFieldsInput.extend({ groupId: z.number().int().positive(), groupName: z.string() });
export type GroupSettingsInput = z.infer<typeof GroupSettingsInput>;

export async function updateGroupSettingsAction(input: GroupSettingsInput): Promise<ActionResult> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, error: SIGNED_OUT_ERROR };
  const parsed = GroupSettingsInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: STALE_FORM };
  const { groupName, ...fields } = parsed.data;
  return runAction("updateGroupSettings", async () => {
    await updateGroupSettings({ ...fields, userId: viewer.id });
    revalidatePath(`/g/${groupName}`, "layout");
    return undefined;
  });
}

const NewCategoryInput = z.object({
  groupId: z.number().int().positive(),
  groupName: z.string(),
  name: z.string(),
  parentId: z.number().int().positive().nullable(),
});
export type NewCategoryInput = z.infer<typeof NewCategoryInput>;

export async function createCategoryAction(input: NewCategoryInput): Promise<ActionResult<{ id: number; name: string }>> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, error: SIGNED_OUT_ERROR };
  const parsed = NewCategoryInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: STALE_FORM };
  const { groupId, groupName, name, parentId } = parsed.data;
  return runAction("createCategory", async () => {
    const category = await createCategoryForUser({ groupId, userId: viewer.id, name, parentId });
    revalidatePath(`/g/${groupName}`, "layout");
    return { id: category.id, name: category.name };
  });
}
