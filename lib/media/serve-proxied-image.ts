import "server-only";
import { isHttpUrl } from "@/lib/delta/schema";
import { fetchRemoteImage, ImageFetchError } from "@/lib/media/fetch-remote-image";
import { isImageUrlSigned } from "@/lib/media/image-proxy-url";
import { logger } from "@/lib/log";

// An image is a passive resource: even if a host sneaks a document through, it may not run or load anything.
const IMAGE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
};

function refuse(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { ...IMAGE_HEADERS, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/** GET /media/proxy?url=…&sig=…: a remote image Agora put on a page, fetched by the server. */
export async function serveProxiedImage(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const url = params.get("url");
  const signature = params.get("sig");
  if (!url || !signature) return refuse(400, "url and sig are required");
  if (!isHttpUrl(url)) return refuse(400, "url must be an http(s) address");
  if (!isImageUrlSigned(url, signature)) return refuse(403, "sig does not match url");
  try {
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
  } catch (error) {
    if (!(error instanceof ImageFetchError)) throw error;
    logger.debug({ url, status: error.status, reason: error.message }, "image proxy refused");
    return refuse(error.status, error.message);
  }
}
