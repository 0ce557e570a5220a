import "server-only";
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { getEnv } from "@/lib/env";
import { resource } from "@/lib/runtime/registry";

// Reads an address a user or a contract named without letting it make Agora's server reach its own
// network (SSRF): the agents refuse loopback, private, link-local and reserved addresses after DNS
// resolution, on every redirect hop, unless AGORA_IMAGE_PROXY_ALLOW_PRIVATE lists them (tests serve
// from 127.0.0.1). The image proxy and NFT metadata read through here.

const MAX_REDIRECTS = 3;

export type PublicFetchFailure = "not_public" | "timeout" | "unreachable" | "too_many_redirects" | "not_http" | "status" | "too_large";

export class PublicFetchError extends Error {
  constructor(
    readonly reason: PublicFetchFailure,
    /** The answer's status, for `status`. */
    readonly status?: number,
  ) {
    super(reason);
  }
}

export interface PublicFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  accept: string;
  userAgent: string;
}

function readAgents() {
  return resource("public-fetch.agents", () => {
    const allowIPAddressList = getEnv()
      .AGORA_IMAGE_PROXY_ALLOW_PRIVATE.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    return { http: new RequestFilteringHttpAgent({ allowIPAddressList }), https: new RequestFilteringHttpsAgent({ allowIPAddressList }) };
  });
}

function request(url: URL, signal: AbortSignal, options: PublicFetchOptions): Promise<http.IncomingMessage> {
  const agents = readAgents();
  const secure = url.protocol === "https:";
  return new Promise((resolve, reject) => {
    const headers = { accept: options.accept, "user-agent": options.userAgent };
    const outgoing = (secure ? https.get : http.get)(url, { agent: secure ? agents.https : agents.http, signal, headers }, resolve);
    outgoing.on("error", reject);
  });
}

async function follow(start: URL, signal: AbortSignal, options: PublicFetchOptions): Promise<http.IncomingMessage> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await request(url, signal, options);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      if (hop === MAX_REDIRECTS) throw new PublicFetchError("too_many_redirects");
      url = new URL(location, url);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new PublicFetchError("not_http");
      continue;
    }
    if (response.statusCode !== 200) {
      response.resume();
      throw new PublicFetchError("status", response.statusCode);
    }
    return response;
  }
}

async function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  if (Number(response.headers["content-length"]) > maxBytes) {
    response.destroy();
    throw new PublicFetchError("too_large");
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.destroy();
      throw new PublicFetchError("too_large");
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function describeFailure(error: unknown): PublicFetchError {
  if (error instanceof PublicFetchError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // request-filtering-agent's refusal: "DNS lookup 127.0.0.1(...) is not allowed. Because, ...".
  if (/is not allowed/.test(message)) return new PublicFetchError("not_public");
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) return new PublicFetchError("timeout");
  return new PublicFetchError("unreachable");
}

/** The body at a public http(s) address (a 200 after at most 3 redirects), within the time and size given. */
export async function fetchPublic(url: URL, options: PublicFetchOptions): Promise<Uint8Array> {
  try {
    return await readCapped(await follow(url, AbortSignal.timeout(options.timeoutMs), options), options.maxBytes);
  } catch (error) {
    throw describeFailure(error);
  }
}
