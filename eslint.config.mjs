import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: ["lib/generated/**", ".next*/**", ".data/**", ".test-data/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "clients/*/dist/**", "clients/typescript/src/schema.d.ts"] },
];

export default config;
