"use server";

import { z } from "zod";
import { runAction, SIGNED_OUT_ERROR, type ActionResult } from "@/lib/actions/action-result";
import { getViewer } from "@/lib/auth/session";
import { updateUserInfo } from "@/lib/services/user-profile";

const ProfileInput = z.object({
  username: z.string(),
  photoUrl: z.string(),
  coverImage: z.string(),
  email: z.string(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** The signed-in user's own profile, through the same service as the API's update-info (endpoint 6). */
export async function updateProfileAction(input: ProfileInput): Promise<ActionResult> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, error: SIGNED_OUT_ERROR };
  const parsed = ProfileInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: "This form is out of date. Reload the page and try again." };
  return runAction("updateProfile", async () => {
    await updateUserInfo(viewer.id, parsed.data);
    return undefined;
  });
}
