import "server-only";
import { fetchPublic } from "@/lib/public-fetch";

// An NFT's picture: its metadata JSON (ERC-721 tokenURI, ERC-1155 uri) names it in `image`.
// Only data: and http(s) metadata addresses are read, at most METADATA_MAX_BYTES within
// METADATA_TIMEOUT_MS, through lib/public-fetch.ts, so a contract cannot make Agora reach its own
// network. Only an http(s) image is used: it reaches readers through /media/proxy like every
// remote avatar; a data: image is refused (it would be stored in every user row).

export const METADATA_MAX_BYTES = 64 * 1024;
const METADATA_TIMEOUT_MS = 5000;

async function fetchText(url: URL): Promise<string> {
  const bytes = await fetchPublic(url, {
    timeoutMs: METADATA_TIMEOUT_MS,
    maxBytes: METADATA_MAX_BYTES,
    accept: "application/json",
    userAgent: "Agora NFT metadata",
  });
  return Buffer.from(bytes).toString("utf8");
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
