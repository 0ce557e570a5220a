import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/session/next-auth-options";
import { buildSignInHref } from "@/lib/navigation/safe-next";

export interface Viewer {
  id: number;
  username: string;
  photoUrl: string;
  tokenId: string;
}

/**
 * The signed-in user of this request, or null. The session callback has already re-checked
 * the Agora token behind the session, so a revoked token reads as signed out.
 * Cached per request: the layout and the page share one lookup.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await getServerSession(authOptions);
  const user = session?.user;
  if (!user || !user.id || !user.tokenId) return null;
  return { id: user.id, username: user.name, photoUrl: user.image, tokenId: user.tokenId };
});

/** The signed-in user, or a redirect to sign in that comes back to `returnTo` afterwards. */
export async function requireViewer(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(buildSignInHref(returnTo));
  return viewer;
}
