// npm run db:migrate: applies pending migrations alone (contract section 11), then re-applies prisma/derived/.
import { resolveDatabaseUrl } from "@/lib/db/engine/client";
import { applyMigrations } from "@/lib/db/engine/migrate";
import { getEnv } from "@/lib/env";
import { runScript } from "./run-script";

runScript(async () => {
  const { applied, total, derived } = await applyMigrations((getEnv().DATABASE_URL && getEnv().DATABASE_DIRECT_URL) || (await resolveDatabaseUrl()));
  console.log(applied.length === 0 ? `Database is up to date (${total} migrations).` : `Applied: ${applied.join(", ")}`);
  console.log(derived.length === 0 ? "prisma/derived/ is already in place." : `Re-applied prisma/derived/: ${derived.join(", ")}`);
});
