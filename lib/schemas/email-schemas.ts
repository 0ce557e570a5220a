import { z } from "zod";

// Contract section 20, Email: the resend endpoint's shapes (the address itself is set with update user info).

export const ResendEmailConfirmationParamsSchema = z.object({});

export const EmailStatusResponseSchema = z.strictObject({
  email: z.string(),
  /** Always 0 here: a confirmed address is refused (409). */
  email_confirmed: z.union([z.literal(0), z.literal(1)]),
});
export type EmailStatusResponse = z.infer<typeof EmailStatusResponseSchema>;
