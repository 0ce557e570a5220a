import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// The unit tests beside the code (lib/**/*.test.ts) and the workspace packages' own (packages/*/test) need no server: `npx vitest run -c vitest.unit.config.ts`
// runs them without building and starting one. `npm test` runs them too, with everything else.
export default defineConfig({
  resolve: base.resolve,
  ssr: base.ssr,
  test: { include: ["lib/**/*.test.ts", "packages/*/test/**/*.test.ts"], exclude: ["**/node_modules/**"], testTimeout: 30_000 },
});
