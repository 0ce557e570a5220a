import "server-only";
import { performance } from "node:perf_hooks";
import { insertPrefix, rowsToInserts } from "@/lib/backup/copy-rows";
import type { SessionQueue } from "@/lib/backup/session-queue";
import { isSessionSetting, type DumpPiece } from "@/lib/backup/sql-statements";

// Runs the dump's pieces in the loading session, a few at a time: statements joined up to a
// megabyte per round trip; a COPY's rows sent with COPY FROM STDIN a few megabytes at a time
// (PostgreSQL parses them several times faster than the same rows in INSERT statements), or, on
// the embedded database, which takes no COPY over the wire, as INSERT statements.

const STATEMENT_BATCH_BYTES = 1024 * 1024;
const ROW_BATCH_BYTES = 8 * 1024 * 1024;

export class DumpLoader {
  private statements: string[] = [];
  private statementBytes = 0;
  private copySql: string | undefined;
  private rows: string[] = [];
  private rowBytes = 0;
  private copyStarted = 0;
  /** Seconds each COPY took, by its table: where a restore's time went. */
  readonly copySeconds = new Map<string, number>();

  constructor(
    private readonly session: SessionQueue,
    private readonly copyOverWire: boolean,
  ) {}

  async take(piece: DumpPiece): Promise<void> {
    if (piece.kind === "statement") {
      if (isSessionSetting(piece.sql)) return;
      this.statements.push(piece.sql);
      this.statementBytes += piece.sql.length;
      if (this.statementBytes >= STATEMENT_BATCH_BYTES) await this.flushStatements();
    } else if (piece.kind === "copy") {
      await this.flushStatements();
      this.copySql = piece.sql;
      this.copyStarted = performance.now();
    } else if (piece.kind === "rows") {
      this.rows.push(piece.text);
      this.rowBytes += piece.text.length;
      if (this.rowBytes >= ROW_BATCH_BYTES) await this.flushRows();
    } else {
      await this.flushRows();
      const table = /^COPY\s+(\S+)/i.exec(this.copySql ?? "")?.[1] ?? "?";
      this.copySeconds.set(table, (this.copySeconds.get(table) ?? 0) + (performance.now() - this.copyStarted) / 1000);
      this.copySql = undefined;
    }
  }

  /** Runs what is still held (the dump has ended). */
  finish(): Promise<void> {
    return this.flushStatements();
  }

  private async flushStatements(): Promise<void> {
    if (this.statements.length === 0) return;
    const sql = this.statements.join("\n");
    this.statements = [];
    this.statementBytes = 0;
    await this.session.query(sql);
  }

  private async flushRows(): Promise<void> {
    if (this.rows.length === 0 || !this.copySql) return;
    const rows = this.rows.join("");
    this.rows = [];
    this.rowBytes = 0;
    if (this.copyOverWire) await this.session.copyIn(this.copySql, Buffer.from(rows));
    else await this.session.query(rowsToInserts(insertPrefix(this.copySql), rows));
  }
}
