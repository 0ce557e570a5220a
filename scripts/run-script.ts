import "server-only";
import { stopAll } from "@/lib/runtime/registry";

/** Runs a command-line task and stops what it started behind it: the database client, then the embedded server. */
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
      await stopAll().catch(() => undefined);
      process.exit(code);
    });
}
