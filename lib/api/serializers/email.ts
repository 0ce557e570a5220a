import "server-only";
import { flagCode } from "@/lib/db/records/codes";
import type { EmailStatusResponse } from "@/lib/schemas/email-schemas";
import type { EmailStatus } from "@/lib/db/email-addresses";

export function serializeEmailStatus(status: EmailStatus): EmailStatusResponse {
  return { email: status.address ?? "", email_confirmed: flagCode(status.confirmed) };
}
