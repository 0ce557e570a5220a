import "server-only";
import { flagCode } from "@/lib/db/records/codes";
import type { EmailStatusResponse } from "@/lib/schemas/email-schemas";
import type { EmailSettings } from "@/lib/services/email-addresses";

export function serializeEmailStatus(status: EmailSettings): EmailStatusResponse {
  return { email: status.address ?? "", email_confirmed: flagCode(status.confirmed) };
}
