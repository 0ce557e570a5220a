import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { dumpInSlices } from "@/lib/backup/embedded-dump";
import { queueSession } from "@/lib/backup/session-queue";
import { SNAPSHOT_QUERIES, type DatabaseSnapshot } from "@/lib/backup/snapshot";
import { STABLE_OUTPUT_SETTINGS, readTableFigures } from "@/lib/backup/table-figures";
import { embeddedFilesPath } from "@/lib/db/embedded/database";
import { isProcessAlive } from "@/lib/db/embedded/process-alive";

// The embedded database is one PostgreSQL session, served to every process by the one that opened
// it (lib/db/embedded/wire-server.ts), and PGlite's pg_dump runs only beside a PGlite instance in
// its own process. So the snapshot is a copy of the database's files: a transaction over the wire
// holds the session (every other client waits, none fails), CHECKPOINT writes everything committed
// to the files, they are copied, and the transaction ends: the forum pauses for the copy alone.
// A second PGlite then opens the copy in this process (recovering from that checkpoint, as after a
// crash) and everything else, pg_dump included, reads the copy at leisure.

async function copyWhileHoldingSession(url: string, from: string, to: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: "agora-backup" });
  await client.connect();
  const session = queueSession(client);
  try {
    await session.query("BEGIN");
    await session.query("CHECKPOINT");
    await fs.promises.cp(from, to, { recursive: true });
    await session.query("COMMIT");
  } finally {
    session.stop();
    await client.end().catch(() => undefined);
  }
}

const COPY_PREFIX = "backup-snapshot-";

/** Copies left by backups that were killed (their process is gone) take room: removed. */
function removeStaleCopies(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    const pid = Number(name.startsWith(COPY_PREFIX) ? name.slice(COPY_PREFIX.length).split("-")[0] : NaN);
    if (Number.isInteger(pid) && !isProcessAlive(pid)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

export async function openEmbeddedSnapshot(url: string, dataDir: string): Promise<DatabaseSnapshot> {
  removeStaleCopies(path.resolve(dataDir));
  const copy = fs.mkdtempSync(path.join(path.resolve(dataDir), `${COPY_PREFIX}${process.pid}-`));
  let pglite: PGlite | undefined;
  try {
    const files = path.join(copy, "pgdata");
    await copyWhileHoldingSession(url, embeddedFilesPath(dataDir), files);
    const { PGlite } = await import("@electric-sql/pglite");
    pglite = await PGlite.create(files);
    const db = pglite;
    const query = async <Row>(sql: string) => (await db.query<Row>(sql)).rows;
    const version = (await query<{ version: string }>(SNAPSHOT_QUERIES.serverVersion))[0]!.version;
    const migrations = await query<{ name: string; checksum: string }>(SNAPSHOT_QUERIES.migrations);
    const uploadKeys = (await query<{ key: string }>(SNAPSHOT_QUERIES.uploadKeys)).map((row) => row.key);
    return {
      source: "embedded",
      serverVersion: version,
      migrations,
      uploadKeys,
      dump: (write) => dumpInSlices(db, write),
      async tableFigures() {
        await db.exec(STABLE_OUTPUT_SETTINGS);
        return readTableFigures(query);
      },
      async close() {
        await db.close().catch(() => undefined);
        fs.rmSync(copy, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await pglite?.close().catch(() => undefined);
    fs.rmSync(copy, { recursive: true, force: true });
    throw error;
  }
}
