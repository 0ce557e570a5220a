import "server-only";
import { z } from "zod";

// What a backup says about itself: its first entry (read before anything is changed, to refuse a
// backup this code cannot restore), and the tables' figures taken in the same snapshot as the data
// (read after the data is loaded: a restore that does not reproduce them is rolled back).

// Format 1 held the rows as INSERT statements, format 2 as COPY blocks: this code reads both (its
// loader runs either), and a restore of format 1 code refuses a format 2 file before changing anything.
export const BACKUP_FORMAT = 2;

export const ManifestSchema = z.object({
  format: z.union([z.literal(1), z.literal(BACKUP_FORMAT)]),
  createdAt: z.string(),
  source: z.enum(["postgres", "embedded"]),
  serverVersion: z.string(),
  /** The applied migrations of the snapshot, in order: the schema the data fits. */
  migrations: z.array(z.object({ name: z.string(), checksum: z.string() })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const TableFiguresSchema = z.array(z.object({ table: z.string(), rows: z.number().int().min(0), md5: z.string() }));
export type TableFigures = z.infer<typeof TableFiguresSchema>;

/** The archive's entries, in the order they are written and read. */
export const ENTRY = {
  manifest: "manifest.json",
  sqlPrefix: "database/",
  tables: "tables.json",
  uploadPrefix: "uploads/",
} as const;

export function sqlEntryName(index: number): string {
  return `${ENTRY.sqlPrefix}${String(index).padStart(5, "0")}.sql`;
}
