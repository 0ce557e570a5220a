import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getServerSecret } from "@/lib/auth/secret";
import { isHttpUrl } from "@/lib/delta/schema";

// Remote images (post images, avatars, covers, logos) reach readers through /media/proxy, so the
// image's host sees Agora's server, never the reader's address. Each address is signed with the
// server secret: the route fetches only what Agora itself put on a page, so it is no open proxy.

export const IMAGE_PROXY_PATH = "/media/proxy";
const PURPOSE = "agora image proxy v1\n";

function signImageUrl(url: string): string {
  return createHmac("sha256", getServerSecret()).update(PURPOSE + url).digest("base64url");
}

/** The address a page shows for a remote image: "" unless it is an http(s) URL. */
export function proxyImageUrl(url: string | null | undefined): string {
  if (!url || !isHttpUrl(url)) return "";
  return `${IMAGE_PROXY_PATH}?${new URLSearchParams({ url, sig: signImageUrl(url) })}`;
}

export function isImageUrlSigned(url: string, signature: string): boolean {
  const expected = Buffer.from(signImageUrl(url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
