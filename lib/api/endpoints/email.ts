import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeEmailStatus } from "@/lib/api/serializers/email";
import { EmailStatusResponseSchema, ResendEmailConfirmationParamsSchema } from "@/lib/schemas/email-schemas";
import { resendEmailConfirmation } from "@/lib/services/email-addresses";

// POST /api/v2/users/me/email/resend
export const resendEmailConfirmationEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/users/me/email/resend",
    family: "v2",
    auth: "user",
    tag: "Users",
    summary:
      "Send the confirmation link for the account's email address again (valid 24 hours; at most 5 an hour). 400 without an address, 409 when it is confirmed already or the site sends no email",
    params: ResendEmailConfirmationParamsSchema,
    response: EmailStatusResponseSchema,
    errors: ["conflict"],
  },
  async ({ viewer }) => serializeEmailStatus(await resendEmailConfirmation(viewer)),
);
