/** @type {import('next').NextConfig} */
const nextConfig = {
  // These load WebAssembly, native bindings or worker threads from their own package folders.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "pino", "@prisma/adapter-pg"],
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
