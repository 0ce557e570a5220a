import "server-only";
import imageType from "image-type";
import { getEnv } from "@/lib/env";
import { HttpError } from "@/lib/http/http-error";
import { fetchPublic, PublicFetchError, type PublicFetchFailure } from "@/lib/public-fetch";

// Fetches one remote image for /media/proxy through lib/public-fetch.ts (never Agora's own
// network), and serves it only when its bytes are an image browsers show.

/** Why an image was not served; the status the proxy answers with. */
export class ImageFetchError extends HttpError {
  constructor(status: 403 | 413 | 415 | 502, message: string) {
    super(status, message);
  }
}

export interface RemoteImage {
  bytes: Uint8Array;
  /** Taken from the bytes, never from the remote host's Content-Type. */
  contentType: string;
}

// What browsers show as <img> everywhere; SVG is left out on purpose (it is a document that can script).
const SERVED_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon"]);

const FAILURES: Record<PublicFetchFailure, (error: PublicFetchError, maxBytes: number) => ImageFetchError> = {
  not_public: () => new ImageFetchError(403, "the image's address is not public"),
  timeout: () => new ImageFetchError(502, "the image's host did not answer in time"),
  unreachable: () => new ImageFetchError(502, "the image's host could not be reached"),
  too_many_redirects: () => new ImageFetchError(502, "the image's host redirected too often"),
  not_http: () => new ImageFetchError(502, "the image's host redirected away from http(s)"),
  status: (error) => new ImageFetchError(502, `the image's host answered ${error.status}`),
  too_large: (_, maxBytes) => new ImageFetchError(413, `the image is larger than ${maxBytes} bytes`),
};

export async function fetchRemoteImage(url: URL): Promise<RemoteImage> {
  const { AGORA_IMAGE_PROXY_MAX_BYTES: maxBytes, AGORA_IMAGE_PROXY_TIMEOUT_MS: timeoutMs } = getEnv();
  let bytes: Uint8Array;
  try {
    bytes = await fetchPublic(url, { timeoutMs, maxBytes, accept: "image/*", userAgent: "Agora image proxy" });
  } catch (error) {
    throw error instanceof PublicFetchError ? FAILURES[error.reason](error, maxBytes) : error;
  }
  const type = await imageType(bytes);
  if (!type || !SERVED_TYPES.has(type.mime)) throw new ImageFetchError(415, "the address does not hold an image");
  return { bytes, contentType: type.mime };
}
