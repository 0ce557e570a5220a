// npm run restore -- <file>   (contract section 20): into an empty database and upload store only.
import { restoreBackup } from "@/lib/backup/restore-backup";
import { resolveDatabaseUrl } from "@/lib/db/engine/client";
import { getEnv } from "@/lib/env";
import { installJobQueue } from "@/lib/jobs/start-jobs";
import { runScript } from "./run-script";

const USAGE = "usage: npm run restore -- <file>";

runScript(async () => {
  const [file] = process.argv.slice(2);
  if (!file?.trim()) throw new Error(USAGE);
  const started = Date.now();
  const result = await restoreBackup(file, (line) => console.error(line));
  const url = (getEnv().DATABASE_URL && getEnv().DATABASE_DIRECT_URL) || (await resolveDatabaseUrl());
  await installJobQueue(url);
  const forward = result.migratedForward.length > 0 ? `; then migrated forward: ${result.migratedForward.join(", ")}` : "";
  console.log(`Restored ${result.rows} rows and ${result.uploads} uploads from ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)${forward}.`);
});
