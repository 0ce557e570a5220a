import "server-only";

// Splits a plain-format pg_dump into statements as it streams in, never holding more than the
// statement being read. A statement ends at a semicolon outside quotes; between statements,
// comments and psql meta-commands (`\restrict` of recent pg_dump versions) are skipped, since
// they are read by psql, not the server.

const isSpace = (code: number) => code === 32 || code === 10 || code === 9 || code === 13;

export class SqlStatementSplitter {
  private text = "";
  private position = 0;
  private quote: "'" | '"' | null = null;

  /** The statements completed by this chunk. */
  push(chunk: string): string[] {
    const text = this.text + chunk;
    const statements: string[] = [];
    let start = 0;
    let index = this.position;
    scan: while (index < text.length) {
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
        statements.push(text.slice(start, index + 1));
        start = index + 1;
      }
      index++;
    }
    this.text = text.slice(start);
    this.position = index - start;
    return statements;
  }

  /** Throws when the dump ended inside a statement (a truncated file). */
  end(): void {
    if (this.text.trim() !== "") throw new Error("the backup's SQL ends in the middle of a statement");
  }
}

/** Session settings of the dump's header: the loader sets its own (some are unknown to older servers). */
export function isSessionSetting(statement: string): boolean {
  return /^(SET\s|SELECT pg_catalog\.set_config\()/i.test(statement);
}
