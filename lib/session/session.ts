import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { KEPT_RENDER_HEADER } from "@/lib/http/page-render-token";
import { readSessionUser } from "@/lib/session/session-cookie";
import { buildSignInHref } from "@/lib/navigation/safe-next";

export interface Viewer {
  id: number;
  username: string;
  photoUrl: string;
  tokenId: string;
  /** The account's theme (users.dark_mode): 0 light, 1 dark, 2 the device's. */
  darkMode: number;
}

/**
 * Whether this render is the page body the guest page cache keeps and serves to every reader
 * (lib/http/guest-page-cache.ts): then nothing of the request's session may show in it.
 */
export const isKeptPageRender = cache(async (): Promise<boolean> => (await headers()).get(KEPT_RENDER_HEADER) === "1");

/**
 * The signed-in user of this request, or null. The session callback has already re-checked
 * the Agora token behind the session, so a revoked token reads as signed out.
 * Cached per request: the layout and the page share one lookup. Null in a kept page's render.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  if (await isKeptPageRender()) return null;
  const user = await readSessionUser((await cookies()).getAll());
  if (!user) return null;
  return { id: user.id, username: user.name, photoUrl: user.image, tokenId: user.tokenId, darkMode: user.darkMode };
});

/** The signed-in user, or a redirect to sign in that comes back to `returnTo` afterwards. */
export async function requireViewer(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(buildSignInHref(returnTo));
  return viewer;
}
