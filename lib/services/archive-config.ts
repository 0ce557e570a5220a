import "server-only";
import type { GroupJoining, GroupVisibility } from "@/lib/db/records/codes";
import { getEnv } from "@/lib/env";

// Whether this site archives (contract section 19) and where readers fetch archives: settings only,
// so pages can link archives without loading the Arweave client.

/** Whether this site archives: a gateway and a wallet key are configured. */
export function isArchivingConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.AGORA_ARWEAVE_URL && env.AGORA_ARWEAVE_KEY_FILE);
}

/** Where readers fetch an archived bundle: <public gateway>/<archive_id>, or null when archiving is off. */
export function archiveDataUrl(archiveId: string): string | null {
  const env = getEnv();
  const base = env.AGORA_ARWEAVE_PUBLIC_URL ?? env.AGORA_ARWEAVE_URL;
  return base && archiveId ? `${base.replace(/\/+$/, "")}/${encodeURIComponent(archiveId)}` : null;
}

/** Why a group with this policy cannot archive (contract section 19: public groups without a token gate only), or null. */
export function whyNotArchivable(policy: { joining: GroupJoining; visibility: GroupVisibility; hasGate: boolean }): string | null {
  if (policy.visibility === "private") return "a private group cannot be archived: archives are public forever";
  if (policy.visibility === "hidden") return "a hidden group cannot be archived: archives are public forever";
  if (policy.joining === "gate" || policy.hasGate) return "a token-gated group cannot be archived: archives are public forever";
  return null;
}
