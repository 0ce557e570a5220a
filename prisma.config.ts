import { defineConfig } from "prisma/config";

// The runtime connects through lib/db/engine/client.ts (driver adapter); this file only serves the
// Prisma CLI (generate, and migrate deploy where the schema engine is available).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/agora" },
});
