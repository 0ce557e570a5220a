import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { serializeUserExport } from "@/lib/api/serializers/user-export";
import { UserExportParamsSchema, UserExportResponseSchema } from "@/lib/schemas/user-export-schemas";
import { getUserExportStatus, requestUserExport } from "@/lib/services/user-exports";

// GET /api/v2/users/me/export
export const getMyExportEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/users/me/export",
    family: "v2",
    auth: "user",
    tag: "Users",
    summary: "The status of your data export: none, queued, ready (url downloads the zip until expires_at) or expired",
    params: UserExportParamsSchema,
    response: UserExportResponseSchema,
  },
  async ({ viewer, request }) => serializeUserExport(await getUserExportStatus(viewer), readRequestOrigin(request)),
);

// POST /api/v2/users/me/export
export const requestMyExportEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/users/me/export",
    family: "v2",
    auth: "user",
    tag: "Users",
    summary:
      "Queue an export of everything you wrote or saved (one .zip of JSON documents and your uploads, kept 7 days). While one is queued, asking again answers it unchanged; a ready or expired one is replaced",
    params: UserExportParamsSchema,
    response: UserExportResponseSchema,
  },
  async ({ viewer, request }) => serializeUserExport(await requestUserExport(viewer), readRequestOrigin(request)),
);
