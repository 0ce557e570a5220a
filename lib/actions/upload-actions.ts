"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { NotFound } from "@/lib/errors";
import { MAX_ID } from "@/lib/schemas/params";
import { deleteUpload } from "@/lib/services/uploads";

const DeleteUploadInput = z.object({ uploadId: z.number().int().min(1).max(MAX_ID) });

/** "Your uploads": deletes one, through the same use case (and permission check) as the API's delete upload. */
export const deleteUploadAction = defineAction(
  { name: "deleteUpload", auth: "user", input: DeleteUploadInput, invalidInput: "This file could not be deleted. Reload the page and try again." },
  async ({ viewer, input }) => {
    try {
      await deleteUpload(viewer, input.uploadId);
    } catch (error) {
      // Deleted in another tab, or by a moderator, since the page was loaded.
      if (error instanceof NotFound) throw new NotFound("upload", "This file is already deleted. Reload the page to see your uploads as they are now.");
      throw error;
    }
    return undefined;
  },
);
