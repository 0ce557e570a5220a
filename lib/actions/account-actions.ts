"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { deleteAccount } from "@/lib/services/account-deletion";

const DeleteAccountInput = z.object({ confirm: z.string().max(200), keepPosts: z.boolean() });

/** Settings' "Delete my account": the same use case as POST /api/v2/users/me/delete. The browser signs out after. */
export const deleteAccountAction = defineAction({ name: "deleteAccount", auth: "user", input: DeleteAccountInput }, async ({ viewer, input }) => {
  await deleteAccount(viewer, input);
  return undefined;
});
