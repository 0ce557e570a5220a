import { describe, expect, it } from "vitest";
import { insertPrefix, rowsToInserts } from "@/lib/backup/copy-rows";
import { SqlStatementSplitter, type DumpPiece } from "@/lib/backup/sql-statements";

// A plain pg_dump as PostgreSQL writes it: header settings, a meta-command, INSERTs, COPY blocks.
const DUMP = [
  "--\n-- PostgreSQL database dump\n--\n\\restrict abc\nSET statement_timeout = 0;",
  "SELECT pg_catalog.set_config('search_path', '', false);\n",
  "INSERT INTO public.a (id, note) VALUES (1, 'x;y'), (2, 'it''s');\n",
  "COPY public.posts (id, content) FROM stdin;\n1\tone;\\ttab\n2\t\\N\n3\tback\\\\slash\n\\.\n\n",
  "COPY public.empty (id) FROM stdin;\n\\.\n\n",
  "SELECT pg_catalog.setval('public.posts_id_seq', 3, true);\n\\unrestrict abc\n",
].join("\n");

/** The pieces of the dump fed in chunks of `size`, rows of one COPY joined. */
function split(size: number): DumpPiece[] {
  const splitter = new SqlStatementSplitter();
  const pieces: DumpPiece[] = [];
  for (let at = 0; at < DUMP.length; at += size) {
    for (const piece of splitter.push(DUMP.slice(at, at + size))) {
      const last = pieces.at(-1);
      if (piece.kind === "rows" && last?.kind === "rows") last.text += piece.text;
      else pieces.push(piece);
    }
  }
  splitter.end();
  return pieces;
}

describe("SqlStatementSplitter", () => {
  it("gives the same statements and COPY rows whatever the chunks", () => {
    const expected: DumpPiece[] = [
      { kind: "statement", sql: "SET statement_timeout = 0;" },
      { kind: "statement", sql: "SELECT pg_catalog.set_config('search_path', '', false);" },
      { kind: "statement", sql: "INSERT INTO public.a (id, note) VALUES (1, 'x;y'), (2, 'it''s');" },
      { kind: "copy", sql: "COPY public.posts (id, content) FROM stdin;" },
      { kind: "rows", text: "1\tone;\\ttab\n2\t\\N\n3\tback\\\\slash\n" },
      { kind: "copy-end" },
      { kind: "copy", sql: "COPY public.empty (id) FROM stdin;" },
      { kind: "copy-end" },
      { kind: "statement", sql: "SELECT pg_catalog.setval('public.posts_id_seq', 3, true);" },
    ];
    for (const size of [1, 2, 3, 5, 16, 64, DUMP.length]) expect(split(size)).toEqual(expected);
  });

  it("refuses a dump cut inside a COPY's rows", () => {
    const splitter = new SqlStatementSplitter();
    splitter.push("COPY public.t (id) FROM stdin;\n1\n2\n");
    expect(() => splitter.end()).toThrow("ends in the middle of a statement");
  });
});

describe("rowsToInserts", () => {
  it("turns COPY rows into INSERTs of the same values", () => {
    const sql = rowsToInserts(insertPrefix("COPY public.posts (id, content) FROM stdin;"), "1\tone;\\ttab's\n2\t\\N\n3\tback\\\\slash\\nline\n");
    expect(sql).toBe("INSERT INTO public.posts (id, content) VALUES\n('1', 'one;\ttab''s'),\n('2', NULL),\n('3', 'back\\slash\nline');");
  });
});
