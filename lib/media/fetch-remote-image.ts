import "server-only";
import http from "node:http";
import https from "node:https";
import imageType from "image-type";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { getEnv } from "@/lib/env";
import { HttpError } from "@/lib/http/http-error";

// Fetches one remote image for /media/proxy without letting an address make Agora's server
// reach its own network (SSRF): the agents refuse loopback, private, link-local and reserved
// addresses after DNS resolution, on every redirect hop, unless AGORA_IMAGE_PROXY_ALLOW_PRIVATE
// lists them (tests serve images from 127.0.0.1).

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
const MAX_REDIRECTS = 3;

let agents: { http: http.Agent; https: https.Agent } | undefined;

function readAgents() {
  if (agents) return agents;
  const allowIPAddressList = getEnv()
    .AGORA_IMAGE_PROXY_ALLOW_PRIVATE.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  agents = { http: new RequestFilteringHttpAgent({ allowIPAddressList }), https: new RequestFilteringHttpsAgent({ allowIPAddressList }) };
  return agents;
}

function request(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
  const { http: httpAgent, https: httpsAgent } = readAgents();
  const get = url.protocol === "https:" ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const outgoing = get(
      url,
      { agent: url.protocol === "https:" ? httpsAgent : httpAgent, signal, headers: { accept: "image/*", "user-agent": "Agora image proxy" } },
      resolve,
    );
    outgoing.on("error", reject);
  });
}

function describeFailure(error: unknown): ImageFetchError {
  if (error instanceof ImageFetchError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // request-filtering-agent's refusal: "DNS lookup 127.0.0.1(...) is not allowed. Because, ...".
  if (/is not allowed/.test(message)) return new ImageFetchError(403, "the image's address is not public");
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"))
    return new ImageFetchError(502, "the image's host did not answer in time");
  return new ImageFetchError(502, "the image's host could not be reached");
}

async function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.destroy();
      throw new ImageFetchError(413, `the image is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

async function follow(start: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await request(url, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      if (hop === MAX_REDIRECTS) throw new ImageFetchError(502, "the image's host redirected too often");
      url = new URL(location, url);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new ImageFetchError(502, "the image's host redirected away from http(s)");
      continue;
    }
    if (response.statusCode !== 200) {
      response.resume();
      throw new ImageFetchError(502, `the image's host answered ${response.statusCode}`);
    }
    return response;
  }
}

export async function fetchRemoteImage(url: URL): Promise<RemoteImage> {
  const { AGORA_IMAGE_PROXY_MAX_BYTES: maxBytes, AGORA_IMAGE_PROXY_TIMEOUT_MS: timeout } = getEnv();
  try {
    const response = await follow(url, AbortSignal.timeout(timeout));
    if (Number(response.headers["content-length"]) > maxBytes) {
      response.destroy();
      throw new ImageFetchError(413, `the image is larger than ${maxBytes} bytes`);
    }
    const bytes = await readCapped(response, maxBytes);
    const type = await imageType(bytes);
    if (!type || !SERVED_TYPES.has(type.mime)) throw new ImageFetchError(415, "the address does not hold an image");
    return { bytes, contentType: type.mime };
  } catch (error) {
    throw describeFailure(error);
  }
}
