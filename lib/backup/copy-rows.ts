import "server-only";

// The embedded database takes no COPY FROM STDIN over the wire (PGlite stops on it), so there the
// loader turns a COPY's rows into INSERT statements: the same values as quoted literals, each
// coerced to its column's type by the INSERT, as the dump's own COPY would.

const ROWS_PER_INSERT = 1000;
const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/** One field of COPY's text format as an SQL literal (`\N` is NULL; backslash escapes decoded). */
function literal(field: string): string {
  if (field === "\\N") return "NULL";
  const value = field.includes("\\")
    ? field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
        if (code[0] === "x" && code.length > 1) return String.fromCharCode(parseInt(code.slice(1), 16));
        if (/^[0-7]/.test(code)) return String.fromCharCode(parseInt(code, 8));
        return ESCAPES[code] ?? code;
      })
    : field;
  return `'${value.replaceAll("'", "''")}'`;
}

/** `COPY public.t (a, b) FROM stdin;` → `INSERT INTO public.t (a, b) VALUES`. */
export function insertPrefix(copySql: string): string {
  const match = /^COPY\s+([\s\S]+?)\s+FROM\s+stdin;$/i.exec(copySql);
  if (!match) throw new Error("the backup's SQL has a COPY this restore does not read");
  return `INSERT INTO ${match[1]} VALUES`;
}

/** INSERT statements holding the rows (complete lines, each ending with a newline). */
export function rowsToInserts(prefix: string, rows: string): string {
  const lines = rows.split("\n");
  lines.pop();
  const statements: string[] = [];
  for (let from = 0; from < lines.length; from += ROWS_PER_INSERT) {
    const values = lines.slice(from, from + ROWS_PER_INSERT).map((line) => `(${line.split("\t").map(literal).join(", ")})`);
    statements.push(`${prefix}\n${values.join(",\n")};`);
  }
  return statements.join("\n");
}
