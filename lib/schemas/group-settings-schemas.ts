import { z } from "zod";
import { httpUrl, trimmedString } from "@/lib/schemas/params";

/** What a group's owner or admin may change from its settings page (shared by the form and the service). */
export const GroupSettingsFieldsSchema = z.object({
  title: trimmedString({ min: 1, max: 100 }),
  description: trimmedString({ max: 2000 }),
  cover: httpUrl(),
  logo: httpUrl(),
});

export type GroupSettingsFields = z.infer<typeof GroupSettingsFieldsSchema>;

/** What an admin is told before and when turning archiving on (contract section 19). */
export const ARCHIVE_WARNING =
  "Archived posts cannot be erased from the archive: every new post and edit in this group is stored permanently on Arweave, and deleting or editing a post here does not remove what was archived.";
