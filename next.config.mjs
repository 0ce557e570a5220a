/** @type {import('next').NextConfig} */
const nextConfig = {
  // These load WebAssembly, native bindings or worker threads from their own package folders.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "pino", "@prisma/adapter-pg"],
  // Separate build folders let several builds (parallel test runs) share one checkout.
  distDir: process.env.AGORA_NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  typedRoutes: false,
  images: { unoptimized: true },
  // The app is type-checked without tests and scripts; `npm run typecheck` covers everything.
  typescript: { tsconfigPath: "tsconfig.next.json" },
};

export default nextConfig;
