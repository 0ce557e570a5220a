"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { getUserExportStatus, requestUserExport } from "@/lib/services/user-exports";
import { toDataExportView } from "@/lib/views/data-export-view";

// The settings page's "Download my data" section (contract section 20), through the same use cases
// as POST and GET /api/v2/users/me/export.

export const requestDataExportAction = defineAction({ name: "requestDataExport", auth: "user", input: z.object({}) }, async ({ viewer }) =>
  toDataExportView(await requestUserExport(viewer)),
);

/** Read again while an export is being written, so the section shows it ready without a reload. */
export const readDataExportAction = defineAction({ name: "readDataExport", auth: "user", input: z.object({}) }, async ({ viewer }) =>
  toDataExportView(await getUserExportStatus(viewer)),
);
