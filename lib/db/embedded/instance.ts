import "server-only";
import fs from "node:fs";
import path from "node:path";
import { isProcessAlive } from "@/lib/db/embedded/process-alive";
import { getEnv } from "@/lib/env";
import { instanceId } from "@/lib/http/instance-header";

// One app instance per embedded database (contract section 16). PGlite is one process's database:
// rate limits, kept answers and live events of a second instance would live in its own memory, so
// what people see would depend on which instance answers. The instance that starts first records
// itself in AGORA_DATA_DIR/instance.json (created exclusively); a second one finds that record
// with a live process and stops, saying why. A record left by a killed instance is taken over.

const RECORD = "instance.json";

function readOwner(recordPath: string): { pid: number; id: string } | null {
  try {
    const record = JSON.parse(fs.readFileSync(recordPath, "utf8")) as { pid?: unknown; id?: unknown };
    return typeof record.pid === "number" ? { pid: record.pid, id: String(record.id) } : null;
  } catch {
    return null;
  }
}

/** Claims the embedded database for this instance, or exits with a message when another instance holds it. */
export function claimEmbeddedInstance(): void {
  const env = getEnv();
  if (env.DATABASE_URL || env.AGORA_EMBEDDED_SHARED === "1") return;
  fs.mkdirSync(env.AGORA_DATA_DIR, { recursive: true, mode: 0o700 });
  const recordPath = path.join(env.AGORA_DATA_DIR, RECORD);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(recordPath, JSON.stringify({ pid: process.pid, id: instanceId(), started: new Date().toISOString() }), { flag: "wx", mode: 0o600 });
      process.once("exit", () => {
        if (readOwner(recordPath)?.pid === process.pid) fs.rmSync(recordPath, { force: true });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(recordPath);
    if (owner && owner.pid !== process.pid && isProcessAlive(owner.pid)) {
      console.error(
        `Agora: another instance (${owner.id}, pid ${owner.pid}) already runs on the embedded database in ${env.AGORA_DATA_DIR}. ` +
          'The embedded database serves one instance; to run several, set DATABASE_URL to a PostgreSQL server (docs/operations.md, "Several instances").',
      );
      process.exit(1);
    }
    if (owner?.pid === process.pid) return;
    // Left by an instance that is gone.
    fs.rmSync(recordPath, { force: true });
  }
  throw new Error(`could not claim ${recordPath}`);
}
