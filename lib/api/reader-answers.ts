import "server-only";
import type { RenderedBody } from "@/lib/api/success-answer";
import { createVersionedCache } from "@/lib/cache/versioned-cache";
import { getEnv } from "@/lib/env";

// Answers to one signed-in reader, kept per reader, endpoint and parameters under the cache rule
// (lib/cache/versioned-cache.ts). Their version is the reader's version the service read in the
// request's own statement (for get thread: the thread's read version with the reader's role,
// follow and likes on the page), so a change to any of them shows on the next read; what no
// version tracks (authors' presence) lives as long as in the guests' answers. Not shared between
// instances: one reader's answer is of no use to another instance's readers.
const answers = createVersionedCache<RenderedBody>({
  name: "reader-answers",
  maxBytes: () => getEnv().AGORA_READER_CACHE_MB * 1_048_576,
  // The body as a JS string (two bytes a character) and the rest of the entry.
  sizeOf: (rendered) => rendered.body.length * 2 + 256,
  ttlMs: 30_000,
});

/** The answer for this reader's version: kept, else built once and kept. `key` names the endpoint and parameters. */
export function readerAnswer(readerId: number, key: string, version: string, build: () => Promise<RenderedBody>): Promise<RenderedBody> {
  return answers.getOrBuild(`${readerId} ${key}`, version, build);
}

/**
 * What a read's handler may answer a signed-in reader with instead of its data: the version of
 * everything the answer shows them (read by the service in the request's own statements) and how
 * to build the data. The answer is then kept per reader under that version (lib/api/reader-answers.ts).
 */
export class ReaderVersioned<T> {
  constructor(
    readonly version: string,
    readonly build: () => T | Promise<T>,
  ) {}
}
