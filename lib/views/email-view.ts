import "server-only";
import { confirmEmailAddress, type ConfirmationOutcome } from "@/lib/services/email-addresses";
import { readUnsubscribeToken, type MailKind } from "@/lib/services/email-tokens";

// The pages an email's links open (contract section 20): no sign-in, the token is the proof.

export interface ConfirmationView {
  outcome: ConfirmationOutcome;
  address: string | null;
}

/** Opening the confirmation link confirms the address (a GET, as the contract says). */
export async function loadEmailConfirmation(token: string | undefined): Promise<ConfirmationView> {
  return token ? confirmEmailAddress(token) : { outcome: "invalid", address: null };
}

export interface UnsubscribeView {
  /** null: the link is not one this site signed. */
  kind: MailKind | null;
  token: string;
}

export function loadUnsubscribeLink(token: string | undefined): UnsubscribeView {
  return { kind: token ? (readUnsubscribeToken(token)?.kind ?? null) : null, token: token ?? "" };
}
