import { createHash } from "node:crypto";

// Several instances (contract section 16): a server action rendered by one instance must run on
// any other. Instances started from one build share its actions key already; builds made apart
// (one per server) share it when built with the same AGORA_SECRET, which the key is derived from
// (a one-way hash, so the build holds no secret), unless NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is set.
// AGORA_DEPLOYMENT_ID gives such builds one deployment id (and build id) too.
if (!process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY && process.env.AGORA_SECRET) {
  process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY = createHash("sha256").update(`agora server actions\0${process.env.AGORA_SECRET}`).digest("base64");
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  ...(process.env.AGORA_DEPLOYMENT_ID ? { deploymentId: process.env.AGORA_DEPLOYMENT_ID } : {}),
  // These load WebAssembly, native bindings or worker threads from their own package folders.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "pg-boss", "pino", "@prisma/adapter-pg"],
  // Separate build folders let several builds (parallel test runs) share one checkout.
  distDir: process.env.AGORA_NEXT_DIST_DIR || ".next",
  // `*.bench.ts` files (the benchmark's constant "floor" route, app/api/bench-floor) are routes
  // only in the benchmark's own build (AGORA_BENCH_BUILD=1, set by bench/run.ts); every other
  // build leaves them out, so they are never served in production.
  pageExtensions: ["tsx", "ts", "jsx", "js", ...(process.env.AGORA_BENCH_BUILD === "1" ? ["bench.ts"] : [])],
  poweredByHeader: false,
  typedRoutes: false,
  images: { unoptimized: true },
  // The app is type-checked without tests and scripts; `npm run typecheck` covers everything.
  typescript: { tsconfigPath: "tsconfig.next.json" },
};

export default nextConfig;
