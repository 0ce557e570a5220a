// Runs `prisma generate` after install. Prisma's CLI insists on locating a schema-engine
// binary even though generating the Rust-free client never runs it; where the binary cannot
// be downloaded (offline registries) any existing file satisfies that check.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("prisma/schema.prisma")) process.exit(0);
const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
