import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws outside a React Server bundle; tests run server code directly.
      "server-only": fileURLToPath(new URL("./tests/support/server-only.ts", import.meta.url)),
    },
  },
  // Workspace packages (clients/typescript) are read from source, not from a build: the same
  // export condition as customConditions in tsconfig.json. Vitest adds its default conditions.
  ssr: { resolve: { conditions: ["@agora/source"] } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    // `npm run test:hardening` and `npm run test:cluster` run these (vitest.hardening.config.ts, vitest.cluster.config.ts).
    exclude: ["**/node_modules/**", "tests/hardening/**", "tests/cluster/**"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: ["default"],
  },
});
