import "server-only";
import type { TableFigures } from "@/lib/backup/manifest";

/** A consistent view of the database, held while the backup reads it. */
export interface DatabaseSnapshot {
  source: "postgres" | "embedded";
  serverVersion: string;
  migrations: { name: string; checksum: string }[];
  /** Storage keys of the uploads the snapshot's rows name. */
  uploadKeys: string[];
  /** The data-only dump of the app's schema (pg_dump's plain format: COPY blocks, or INSERTs from PGlite's), chunk by chunk. */
  dump(write: (chunk: Buffer) => Promise<void>): Promise<void>;
  tableFigures(): Promise<TableFigures>;
  close(): Promise<void>;
}

export const SNAPSHOT_QUERIES = {
  serverVersion: "SELECT current_setting('server_version') AS version",
  migrations: `SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  uploadKeys: "SELECT DISTINCT sha256 || '.' || ext AS key FROM attachments WHERE sha256 IS NOT NULL ORDER BY 1",
  schema: "SELECT current_schema() AS schema",
};

/**
 * pg_dump's options shared by both databases: rows only; PostgreSQL's pg_dump then writes COPY
 * blocks with their column lists (a restore sends them with COPY FROM STDIN, or as INSERTs to the
 * embedded database), PGlite's writes INSERTs (lib/backup/embedded-dump.ts).
 */
export const DUMP_OPTIONS = ["--data-only", "--no-owner", "--no-privileges"];
