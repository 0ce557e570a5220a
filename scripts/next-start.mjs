// The command line of a production server, shared by the tests, the browser tests' server and the
// cluster: `next start` under a V8 heap limit sized for the forum. Without a limit V8 sizes the heap
// from the machine (gigabytes here) and lets garbage pile up to hundreds of MiB between full
// collections; what the server keeps alive is about 100 MiB plus its bounded caches
// (AGORA_GUEST_CACHE_MB, AGORA_PAGE_CACHE_MB). `npm start` passes the same flag (package.json).
import path from "node:path";

export const NEXT_BIN = path.resolve("node_modules/next/dist/bin/next");

export const DEFAULT_HEAP_MB = 256;

/** `--max-old-space-size` from AGORA_HEAP_MB (MiB), or the default. */
export function heapFlag(env = process.env) {
  const raw = env.AGORA_HEAP_MB ?? String(DEFAULT_HEAP_MB);
  if (!/^\d+$/.test(raw) || Number(raw) < 64) throw new Error(`AGORA_HEAP_MB must be a whole number of MiB, at least 64 (got "${raw}")`);
  return `--max-old-space-size=${raw}`;
}

/** Node's arguments for `next start` on 127.0.0.1:<port>. */
export function nextStartArgs(port, env = process.env) {
  return [heapFlag(env), NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"];
}
