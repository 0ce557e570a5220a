import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// `npm run test:cluster` (contract section 16): `npm run cluster`'s whole shape in a temporary
// directory (primary and streaming replica, pgbouncer, Redis, four instances, haproxy), then the
// fault tests of tests/cluster against it. Needs PostgreSQL's server binaries, pgbouncer, haproxy
// and redis-server (Debian packages).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/cluster/**/*.test.ts"],
    exclude: ["**/node_modules/**"],
    globalSetup: ["tests/support/cluster-setup.ts"],
    setupFiles: [],
    testTimeout: 180_000,
  },
});
