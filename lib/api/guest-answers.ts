import "server-only";
import { sharedAnswerCodec } from "@/lib/api/shared-guest-answers";
import type { RenderedBody } from "@/lib/api/success-answer";
import { createVersionedCache } from "@/lib/cache/versioned-cache";
import { getEnv } from "@/lib/env";

// Answers to readers without a token, kept per endpoint and parameters under the cache rule
// (lib/cache/versioned-cache.ts): answered again only while the data's read version is unchanged,
// shared with the other instances through Redis, and built once per key and version at a time, so
// after a write the guest reads that arrive while the answer is built (up to an instance's 16
// request slots) wait for that build instead of running the same statements themselves.
const answers = createVersionedCache<RenderedBody>({
  name: "guest-answers",
  maxBytes: () => getEnv().AGORA_GUEST_CACHE_MB * 1_048_576,
  // The body as a JS string (two bytes a character) and the rest of the entry.
  sizeOf: (rendered) => rendered.body.length * 2 + 256,
  ttlMs: 30_000,
  shared: sharedAnswerCodec,
});

/** The key of an answer: the endpoint and its validated parameters (the key and other extras are not among them). */
export function guestAnswerKey(path: string, params: unknown): string {
  return `${path} ${JSON.stringify(params)}`;
}

/** The answer for this version: kept here, else the one another instance shared, else built once and kept. */
export function guestAnswer(key: string, version: string, build: () => Promise<RenderedBody>): Promise<RenderedBody> {
  return answers.getOrBuild(key, version, build);
}
