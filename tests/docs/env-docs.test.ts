import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "@/lib/env";

// docs/operations.md lists every environment variable: a table of the keys of lib/env.ts's schema,
// and a table of the few read straight from process.env by build files, scripts and test tooling.
// This keeps both tables true as variables come and go, and keeps the docs from naming others.

const ROOT = path.resolve(__dirname, "../..");
const OPERATIONS = "docs/operations.md";
const DECLARED_HEADING = "### Declared in `lib/env.ts`";
const ELSEWHERE_HEADING = "### Read outside `lib/env.ts`";
// The docs that name variables; every name they use must be one of the two tables'.
const DOCS = ["README.md", "docs/operations.md", "docs/architecture.md", "docs/api.md", "bench/README.md"];
const SOURCE_DIRS = ["app", "lib", "components", "scripts", "bench", "tests", "e2e", "prisma", "clients/typescript/src", "clients/typescript/scripts"];
const SOURCE_FILE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIPPED_DIRS = new Set(["node_modules", "generated", ".next"]);

function read(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), "utf8");
}

/** The variable names in the first cell of each row of the table under `heading` (up to the next heading). */
function tableNames(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${OPERATIONS} has no "${heading}" section`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,3} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const rows = section.split("\n").filter((line) => line.startsWith("| `"));
  return rows.flatMap((row) => [...row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
}

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path.join(dir, entry.name));
    return SOURCE_FILE.test(entry.name) ? [path.join(dir, entry.name)] : [];
  });
}

function allSources(): { file: string; text: string }[] {
  const rootFiles = fs.readdirSync(ROOT).filter((name) => SOURCE_FILE.test(name));
  return [...rootFiles, ...SOURCE_DIRS.flatMap(sourceFiles)].map((file) => ({ file, text: read(file) }));
}

const doc = read(OPERATIONS);
const schemaKeys = Object.keys(EnvSchema.shape).sort();
const declared = tableNames(doc, DECLARED_HEADING);
const elsewhere = tableNames(doc, ELSEWHERE_HEADING);
const sources = allSources();

describe(`${OPERATIONS}: every environment variable`, () => {
  it("lists each key of lib/env.ts's schema once, and no other, in its first table", () => {
    const missing = schemaKeys.filter((key) => !declared.includes(key));
    const unknown = declared.filter((name) => !schemaKeys.includes(name));
    const twice = declared.filter((name, index) => declared.indexOf(name) !== index);
    expect({ missing, unknown, twice }).toEqual({ missing: [], unknown: [], twice: [] });
  });

  it("lists in its second table only variables lib/env.ts does not declare and the code still reads", () => {
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(elsewhere.filter((name) => schemaKeys.includes(name))).toEqual([]);
    expect(new Set(elsewhere).size).toBe(elsewhere.length);
    // Named in the code, not only in docs (NEXTAUTH_URL is read by next-auth itself; the code names it).
    const unread = elsewhere.filter((name) => !sources.some(({ text }) => new RegExp(`\\b${name}\\b`).test(text)));
    expect(unread).toEqual([]);
  });

  it("covers every process.env read in the code", () => {
    const documented = new Set([...declared, ...elsewhere]);
    const reads = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[["']([A-Z][A-Z0-9_]*)["']\])/g)].map((match) => ({ file, name: (match[1] ?? match[2])! })),
    );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter(({ name }) => !documented.has(name))).toEqual([]);
  });

  it("names no variable in the docs that neither table has", () => {
    const documented = new Set([...declared, ...elsewhere]);
    const unknown = DOCS.filter((file) => fs.existsSync(path.join(ROOT, file))).flatMap((file) =>
      [...read(file).matchAll(/\b(?:AGORA|DATABASE|REDIS|NEXTAUTH|NEXT|E2E)_[A-Z0-9_]*[A-Z0-9]\b/g)]
        .map((match) => match[0])
        .filter((name) => !documented.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
