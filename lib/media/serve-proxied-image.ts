import "server-only";
import { isHttpUrl } from "@/lib/delta/schema";
import { Forbidden, Invalid } from "@/lib/errors";
import { fetchRemoteImage } from "@/lib/media/fetch-remote-image";
import { isImageUrlSigned } from "@/lib/media/image-proxy-url";
import { defineWebEntry } from "@/lib/web/define-web-entry";
import { textRefusals } from "@/lib/web/refusal-formats";

// An image is a passive resource: even if a host sneaks a document through, it may not run or load anything.
const IMAGE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
};

/** GET /media/proxy?url=…&sig=…: a remote image Agora put on a page, fetched by the server (its refusals: ImageFetchError). */
export const serveProxiedImage = defineWebEntry({ name: "image proxy", auth: "none", refusals: textRefusals(IMAGE_HEADERS) }, async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const url = params.get("url");
  const signature = params.get("sig");
  if (!url || !signature) throw new Invalid(null, "url and sig are required");
  if (!isHttpUrl(url)) throw new Invalid(null, "url must be an http(s) address");
  if (!isImageUrlSigned(url, signature)) throw new Forbidden("sig does not match url");
  const image = await fetchRemoteImage(new URL(url));
  return new Response(image.bytes as BodyInit, {
    headers: {
      ...IMAGE_HEADERS,
      "content-type": image.contentType,
      "content-length": String(image.bytes.byteLength),
      // The signed address never changes meaning; a day in any cache spares the remote host.
      "cache-control": "public, max-age=86400, stale-while-revalidate=604800",
    },
  });
});
