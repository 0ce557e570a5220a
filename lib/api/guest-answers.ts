import "server-only";
import { LRUCache } from "lru-cache";
import { findSharedAnswer, shareAnswer } from "@/lib/api/shared-guest-answers";
import { createSingleFlight, type SingleFlight } from "@/lib/cache/single-flight";
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

const globalForAnswers = globalThis as unknown as { agoraGuestAnswers?: LRUCache<string, Kept> | null; agoraGuestAnswerBuilds?: SingleFlight<RenderedBody> };

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

// One build per key and version at a time: after a write, every guest read that arrives while the
// answer is being built (up to an instance's 16 request slots) waits for that build instead of
// running the same statements itself.
function builds(): SingleFlight<RenderedBody> {
  globalForAnswers.agoraGuestAnswerBuilds ??= createSingleFlight<RenderedBody>();
  return globalForAnswers.agoraGuestAnswerBuilds;
}

/**
 * The answer for this version: kept here, else the one another instance shared
 * (lib/api/shared-guest-answers.ts), else built once and kept.
 */
export async function guestAnswer(key: string, version: string, build: () => Promise<RenderedBody>): Promise<RenderedBody> {
  const local = store();
  if (!local) return build();
  const kept = local.get(key);
  if (kept && kept.version === version) return kept.rendered;
  return builds()(`${version} ${key}`, () => sharedOrBuilt(local, key, version, build)).result;
}

async function sharedOrBuilt(local: LRUCache<string, Kept>, key: string, version: string, build: () => Promise<RenderedBody>): Promise<RenderedBody> {
  const shared = await findSharedAnswer(key, version);
  const ttl = shared ? MAX_AGE_MS - (Date.now() - shared.builtAt) : 0;
  if (shared && ttl > 0) {
    local.set(key, { version, rendered: shared.rendered }, { ttl });
    return shared.rendered;
  }
  const rendered = await build();
  local.set(key, { version, rendered });
  shareAnswer(key, version, rendered);
  return rendered;
}
