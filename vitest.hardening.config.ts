import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// `npm run test:hardening`: fuzzing, the authorization matrix, sign-in replay, durability after
// SIGKILL and the wire server, against the same real production server as `npm test` (the same
// global setup). vitest.config.ts leaves tests/hardening out, so `npm test` does not run them.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/hardening/**/*.test.ts"],
    exclude: ["**/node_modules/**"],
    testTimeout: 120_000,
  },
});
