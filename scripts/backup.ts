// npm run backup -- <file>   (contract section 20)
import { createBackup } from "@/lib/backup/create-backup";
import { runScript } from "./run-script";

const USAGE = "usage: npm run backup -- <file>";

runScript(async () => {
  const [file] = process.argv.slice(2);
  if (!file?.trim()) throw new Error(USAGE);
  const started = Date.now();
  const result = await createBackup(file, (line) => console.error(line));
  console.log(
    `Backup written to ${result.file}: ${(result.sizeBytes / 1e6).toFixed(1)} MB, ${result.tables} tables, ${result.rows} rows, ${result.uploads} uploads (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
});
