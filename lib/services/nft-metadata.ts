import "server-only";
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { getEnv } from "@/lib/env";
import { resource } from "@/lib/runtime/registry";

// An NFT's picture: its metadata JSON (ERC-721 tokenURI, ERC-1155 uri) names it in `image`.
// Only data: and http(s) metadata addresses are read, at most METADATA_MAX_BYTES within
// METADATA_TIMEOUT_MS, through agents that refuse private and loopback addresses (as the image
// proxy's: AGORA_IMAGE_PROXY_ALLOW_PRIVATE lists exceptions), so a contract cannot make Agora
// reach its own network. Only an http(s) image is used: it reaches readers through /media/proxy
// like every remote avatar; a data: image is refused (it would be stored in every user row).

export const METADATA_MAX_BYTES = 64 * 1024;
const METADATA_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;

function readAgents() {
  return resource("nft-metadata.agents", () => {
    const allowIPAddressList = getEnv()
      .AGORA_IMAGE_PROXY_ALLOW_PRIVATE.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    return { http: new RequestFilteringHttpAgent({ allowIPAddressList }), https: new RequestFilteringHttpsAgent({ allowIPAddressList }) };
  });
}

function get(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
  const agents = readAgents();
  const secure = url.protocol === "https:";
  return new Promise((resolve, reject) => {
    const headers = { accept: "application/json", "user-agent": "Agora NFT metadata" };
    const outgoing = (secure ? https.get : http.get)(url, { agent: secure ? agents.https : agents.http, signal, headers }, resolve);
    outgoing.on("error", reject);
  });
}

async function readCapped(response: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > METADATA_MAX_BYTES) {
      response.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function fetchText(start: URL): Promise<string | null> {
  const signal = AbortSignal.timeout(METADATA_TIMEOUT_MS);
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await get(url, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      url = new URL(location, url);
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      continue;
    }
    if (response.statusCode !== 200) {
      response.resume();
      return null;
    }
    return readCapped(response);
  }
  return null;
}

function decodeDataUri(uri: string): string | null {
  const match = /^data:([^,]*),(.*)$/s.exec(uri);
  if (!match) return null;
  const [, meta = "", payload = ""] = match;
  const text = meta.split(";").includes("base64") ? Buffer.from(payload, "base64").toString("utf8") : decodeURIComponent(payload);
  return text.length > METADATA_MAX_BYTES ? null : text;
}

const isHttpUrl = (value: string) => /^https?:\/\//i.test(value) && URL.canParse(value);

/** The http(s) image the metadata at `uri` names, or null when it cannot be read or names none (never throws). */
export async function readNftImage(uri: string): Promise<string | null> {
  try {
    const trimmed = uri.trim();
    if (trimmed.length > 8 * METADATA_MAX_BYTES) return null;
    const text = trimmed.startsWith("data:") ? decodeDataUri(trimmed) : isHttpUrl(trimmed) ? await fetchText(new URL(trimmed)) : null;
    if (text === null) return null;
    const metadata = JSON.parse(text) as { image?: unknown; image_url?: unknown };
    const image = typeof metadata.image === "string" ? metadata.image : typeof metadata.image_url === "string" ? metadata.image_url : "";
    return isHttpUrl(image.trim()) && image.trim().length <= 2048 ? image.trim() : null;
  } catch {
    return null;
  }
}
