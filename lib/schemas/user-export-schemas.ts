import { z } from "zod";
import { ApiTimestampSchema } from "@/lib/schemas/post-schemas";

// Contract section 20, exports: what GET and POST /api/v2/users/me/export answer.

export const USER_EXPORT_STATES = ["none", "queued", "ready", "expired"] as const;

export const UserExportParamsSchema = z.object({});

export const UserExportResponseSchema = z.strictObject({
  status: z.enum(USER_EXPORT_STATES).describe("none: never requested; queued: being written; ready: url downloads it; expired: past its 7 days, removed"),
  url: z.string().describe("The zip's address while ready (the owner's token or session only; anyone else gets 404), else \"\""),
  expires_at: ApiTimestampSchema.nullable().describe("When a ready export goes (an expired one: when it went); null while queued or with none"),
});
export type UserExportResponse = z.infer<typeof UserExportResponseSchema>;
