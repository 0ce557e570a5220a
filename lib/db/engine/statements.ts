import "server-only";
import { createHash } from "node:crypto";
import type pg from "pg";
import { getEnv } from "@/lib/env";

// PostgreSQL plans an unnamed statement on every run; a named one is parsed once per connection
// and, after five runs, served from a generic plan. For the statements on every request's path (a
// version, a reader's role and marks, the one statement that writes a post) planning cost several
// times the run itself (figures in bench/results/2026-11-28.md), so both the hand-written reads and
// Prisma's statements are named by their text.
//
// A name needs the connection to be one session, so statements stay unnamed on the embedded
// database (every connection shares one PGlite session, where a name prepared by one collides with
// the next) and behind a pooler in transaction mode, which DATABASE_DIRECT_URL marks
// (docs/operations.md): the next transaction may reach a server connection that never saw the name.
// Each named statement holds its plan in every connection's backend, so only the first
// MAX_NAMED texts are named (the app sends a few hundred); any beyond run unnamed.

const MAX_NAMED = 1_000;
const names = new Map<string, string>();
let enabled: boolean | undefined;

export function namedStatementsAllowed(): boolean {
  const env = getEnv();
  enabled ??= env.DATABASE_URL !== undefined && env.DATABASE_DIRECT_URL === undefined;
  return enabled;
}

/** The name of a statement's text, or undefined when it is to run unnamed. */
export function statementName(text: string): string | undefined {
  if (!namedStatementsAllowed()) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `agora_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** A hot hand-written statement for the pool: named by its text where that is allowed. */
export function statement(text: string, values: unknown[] = []): pg.QueryConfig {
  const name = statementName(text);
  return name === undefined ? { text, values } : { name, text, values };
}
