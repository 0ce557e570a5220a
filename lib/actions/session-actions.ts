"use server";

import { getViewer } from "@/lib/session/session";
import { revokeUserToken } from "@/lib/auth/tokens";
import { logger } from "@/lib/log";

/** Revokes the Agora token behind this browser session; the client then clears the cookie. */
export async function revokeSessionAction(): Promise<{ ok: true }> {
  try {
    const viewer = await getViewer();
    if (viewer) await revokeUserToken(viewer.tokenId);
  } catch (error) {
    logger.error({ err: error }, "sign-out could not revoke the session token");
  }
  return { ok: true };
}
