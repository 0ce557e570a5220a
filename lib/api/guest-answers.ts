import "server-only";
import { LRUCache } from "lru-cache";
import type { RenderedBody } from "@/lib/api/success-answer";
import { getEnv } from "@/lib/env";

// Answers to readers without a token, kept per endpoint and parameters together with the read
// version they were built from (lib/db/read-versions.ts). One is answered again only while the
// data's version is unchanged, so a write is visible to the next read on every instance; the
// lifetime bounds what no version tracks: presence ("online") and the hot-threads ranking.
const MAX_AGE_MS = 30_000;

interface Kept {
  version: string;
  rendered: RenderedBody;
}

const globalForAnswers = globalThis as unknown as { agoraGuestAnswers?: LRUCache<string, Kept> | null };

function store(): LRUCache<string, Kept> | null {
  if (globalForAnswers.agoraGuestAnswers !== undefined) return globalForAnswers.agoraGuestAnswers;
  const megabytes = getEnv().AGORA_GUEST_CACHE_MB;
  globalForAnswers.agoraGuestAnswers =
    megabytes === 0
      ? null
      : new LRUCache<string, Kept>({ maxSize: megabytes * 1_048_576, sizeCalculation: (kept) => kept.rendered.body.length * 2 + 256, ttl: MAX_AGE_MS });
  return globalForAnswers.agoraGuestAnswers;
}

/** The key of an answer: the endpoint and its validated parameters (the key and other extras are not among them). */
export function guestAnswerKey(path: string, params: unknown): string {
  return `${path} ${JSON.stringify(params)}`;
}

export function findGuestAnswer(key: string, version: string): RenderedBody | null {
  const kept = store()?.get(key);
  return kept && kept.version === version ? kept.rendered : null;
}

export function keepGuestAnswer(key: string, version: string, rendered: RenderedBody): void {
  store()?.set(key, { version, rendered });
}
