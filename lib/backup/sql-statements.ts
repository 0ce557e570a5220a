import "server-only";

// Splits a plain-format pg_dump into pieces as it streams in, never holding more than the
// statement (or the line of COPY rows) being read. A statement ends at a semicolon outside
// quotes; between statements, comments and psql meta-commands (`\restrict` of recent pg_dump
// versions) are skipped, since they are read by psql, not the server. A `COPY ... FROM stdin;`
// is followed by its rows, one a line in COPY's text format, up to a line holding `\.`.

export type DumpPiece =
  | { kind: "statement"; sql: string }
  /** A `COPY ... FROM stdin;`: its rows follow, until copy-end. */
  | { kind: "copy"; sql: string }
  /** Complete lines of the current COPY's rows (each ends with a newline). */
  | { kind: "rows"; text: string }
  | { kind: "copy-end" };

const isSpace = (code: number) => code === 32 || code === 10 || code === 9 || code === 13;
const COPY_FROM_STDIN = /^COPY\s[\s\S]*\sFROM\s+stdin;$/i;
const END_OF_ROWS = "\\.\n";

export class SqlStatementSplitter {
  private text = "";
  private position = 0;
  private quote: "'" | '"' | null = null;
  /** Inside a COPY's rows; `rowsStarted` once the rest of the COPY statement's line is passed. */
  private copying = false;
  private rowsStarted = false;

  /** The pieces completed by this chunk. */
  push(chunk: string): DumpPiece[] {
    const text = this.text + chunk;
    const pieces: DumpPiece[] = [];
    let start = 0;
    let index = this.position;
    scan: while (index < text.length) {
      if (this.copying) {
        if (!this.rowsStarted) {
          const lineEnd = text.indexOf("\n", start);
          if (lineEnd < 0) break;
          index = start = lineEnd + 1;
          this.rowsStarted = true;
          continue;
        }
        if (text.startsWith(END_OF_ROWS, start)) {
          pieces.push({ kind: "copy-end" });
          index = start = start + END_OF_ROWS.length;
          this.copying = false;
          continue;
        }
        const end = text.indexOf(`\n${END_OF_ROWS}`, start);
        // Without the end in sight, every complete line so far; the rest waits for the next chunk.
        const rowsEnd = end >= 0 ? end + 1 : text.lastIndexOf("\n") + 1;
        if (rowsEnd > start) pieces.push({ kind: "rows", text: text.slice(start, rowsEnd) });
        index = start = Math.max(start, rowsEnd);
        if (end < 0) break;
        continue;
      }
      if (this.quote) {
        const close = text.indexOf(this.quote, index);
        if (close < 0) {
          index = text.length;
          break;
        }
        index = close + 1;
        this.quote = null;
        continue;
      }
      if (index === start) {
        while (index < text.length && isSpace(text.charCodeAt(index))) index++;
        start = index;
        if (index >= text.length) break;
        if (text[index] === "\\" || text.startsWith("--", index) || (text[index] === "-" && index + 1 === text.length)) {
          const lineEnd = text.indexOf("\n", index);
          if (lineEnd < 0) break scan;
          index = start = lineEnd + 1;
          continue;
        }
      }
      const char = text[index];
      if (char === "'" || char === '"') this.quote = char;
      else if (char === ";") {
        const sql = text.slice(start, index + 1);
        start = index + 1;
        if (COPY_FROM_STDIN.test(sql)) {
          pieces.push({ kind: "copy", sql });
          this.copying = true;
          this.rowsStarted = false;
        } else pieces.push({ kind: "statement", sql });
      }
      index++;
    }
    this.text = text.slice(start);
    this.position = index - start;
    return pieces;
  }

  /** Throws when the dump ended inside a statement or a COPY's rows (a truncated file). */
  end(): void {
    if (this.copying || this.text.trim() !== "") throw new Error("the backup's SQL ends in the middle of a statement");
  }
}

/** Session settings of the dump's header: the loader sets its own (some are unknown to older servers). */
export function isSessionSetting(statement: string): boolean {
  return /^(SET\s|SELECT pg_catalog\.set_config\()/i.test(statement);
}
