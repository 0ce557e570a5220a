import "server-only";
import { createHash } from "node:crypto";
import type { RenderedBody } from "@/lib/api/success-answer";
import { getRedis, redisKeyPrefix } from "@/lib/redis";

// Guest answers shared by the instances through Redis (contract section 16). A write moves the
// data's read version, and without sharing every instance would then build the same answer for
// itself (a cold get thread is 19 statements): with N instances, N times the work per write. The
// first instance to build it stores it with its version; the others take it only when that is the
// version they have just read themselves, so sharing never shows more than a local answer would.
// Redis down or not yet connected never holds a read: it is skipped and the answer built here (a
// Redis that answers slowly holds one at most the client's command timeout, lib/redis.ts).
const SHARED_TTL_MS = 30_000;

function sharedKey(key: string): string {
  return `${redisKeyPrefix()}:answer:${createHash("sha1").update(key).digest("base64url")}`;
}

/** A shared answer and when it was built: it lives no longer on another instance than where it was built. */
export interface SharedAnswer {
  rendered: RenderedBody;
  builtAt: number;
}

/** A first line of JSON (version, etag, items, built at), then the body as it is: no second parse of the body. */
function encode(version: string, rendered: RenderedBody): string {
  return `${JSON.stringify([version, rendered.etag, rendered.items, Date.now()])}\n${rendered.body}`;
}

function decode(stored: string, version: string): SharedAnswer | null {
  const newline = stored.indexOf("\n");
  if (newline < 0) return null;
  const head: unknown = JSON.parse(stored.slice(0, newline));
  if (!Array.isArray(head) || head[0] !== version || typeof head[1] !== "string" || typeof head[3] !== "number") return null;
  const items = typeof head[2] === "number" ? head[2] : null;
  return { rendered: { body: stored.slice(newline + 1), etag: head[1], items }, builtAt: head[3] };
}

function readyRedis() {
  const client = getRedis();
  return client && client.status === "ready" ? client : null;
}

export async function findSharedAnswer(key: string, version: string): Promise<SharedAnswer | null> {
  const client = readyRedis();
  if (!client) return null;
  try {
    const stored = await client.get(sharedKey(key));
    return stored === null ? null : decode(stored, version);
  } catch {
    return null;
  }
}

export function shareAnswer(key: string, version: string, rendered: RenderedBody): void {
  readyRedis()
    ?.set(sharedKey(key), encode(version, rendered), "PX", SHARED_TTL_MS)
    .catch(() => undefined);
}
