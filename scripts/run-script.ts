import "server-only";
import { disconnectDb } from "@/lib/db/client";
import { stopEmbeddedDatabase } from "@/lib/db/embedded";

/** Runs a command-line task and closes the database (and the embedded server) behind it. */
export function runScript(task: () => Promise<void>): void {
  task()
    .then(
      () => 0,
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        return 1;
      },
    )
    .then(async (code) => {
      await disconnectDb().catch(() => undefined);
      await stopEmbeddedDatabase().catch(() => undefined);
      process.exit(code);
    });
}
