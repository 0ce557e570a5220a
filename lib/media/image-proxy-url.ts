import "server-only";
import { timingSafeEqual } from "node:crypto";
import { signWithServerSecret } from "@/lib/auth/secret";
import { isHttpUrl } from "@/lib/delta/schema";

// Remote images (post images, avatars, covers, logos) reach readers through /media/proxy, so the
// image's host sees Agora's server, never the reader's address. Each address is signed with the
// server secret: the route fetches only what Agora itself put on a page, so it is no open proxy.

export const IMAGE_PROXY_PATH = "/media/proxy";
const PURPOSE = "agora image proxy v1\n";

function signImageUrl(url: string): string {
  return signWithServerSecret(PURPOSE + url);
}

// Agora's own uploads (contract section 15) are served by Agora: their path is shown as it is,
// whatever host the client that uploaded them called Agora by.
const UPLOAD_PATH = /^\/uploads\/\d{1,10}\/[0-9a-f]{64}\.[a-z0-9]{1,8}$/;

/** The path of an address of Agora's own /uploads, or null. */
export function localUploadPath(url: string): string | null {
  try {
    const parsed = new URL(url);
    return UPLOAD_PATH.test(parsed.pathname) && !parsed.search ? parsed.pathname : null;
  } catch {
    return null;
  }
}

/** The address a page shows for an image: an upload's own path, a remote image's signed proxy address, or "" unless it is an http(s) URL. */
export function proxyImageUrl(url: string | null | undefined): string {
  if (!url || !isHttpUrl(url)) return "";
  const local = localUploadPath(url);
  if (local) return local;
  return `${IMAGE_PROXY_PATH}?${new URLSearchParams({ url, sig: signImageUrl(url) })}`;
}

export function isImageUrlSigned(url: string, signature: string): boolean {
  const expected = Buffer.from(signImageUrl(url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
