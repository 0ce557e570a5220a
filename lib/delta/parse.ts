import type { z } from "zod";
import { DeltaSchema, type Delta, type DeltaAttributes, type DeltaOp } from "@/lib/delta/schema";

export type ParseDeltaResult = { ok: true; delta: Delta; json: string } | { ok: false; error: string };

type IssuePath = readonly PropertyKey[];
type Issue = z.core.$ZodIssue;

// Zero-width characters are what Quill leaves behind for cursors and pasted junk; a post made
// only of them looks empty to a reader, so it counts as empty.
const INVISIBLE_PATTERN = /[\s\u200B-\u200D\u2060\uFEFF]/g;

export function parseDeltaContent(input: unknown): ParseDeltaResult {
  if (input === undefined || input === null) return { ok: false, error: "content: is required" };
  let value: unknown = input;
  if (typeof input === "string") {
    if (input.trim() === "") return { ok: false, error: "content: must not be empty" };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, error: "content: not valid JSON" };
    }
  }
  const result = DeltaSchema.safeParse(value);
  if (!result.success) return { ok: false, error: describeFirstIssue(result.error.issues) };
  const delta = normaliseDelta(result.data);
  if (isDeltaEmpty(delta)) return { ok: false, error: "content: must not be empty" };
  return { ok: true, delta, json: JSON.stringify(delta) };
}

export function isDeltaEmpty(delta: readonly DeltaOp[]): boolean {
  return !delta.some((op) => typeof op.insert !== "string" || op.insert.replace(INVISIBLE_PATTERN, "") !== "");
}

export function deltaToPlainText(delta: readonly DeltaOp[], maxLength?: number): string {
  const text = delta
    .map((op) => {
      if (typeof op.insert === "string") return op.insert;
      return "image" in op.insert ? " [image] " : op.insert.emoji.unicode;
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  if (maxLength === undefined) return text;
  // Cut by code point so an emoji is never split into a lone surrogate.
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  if (maxLength < 1) return "";
  return `${chars
    .slice(0, maxLength - 1)
    .join("")
    .trimEnd()}…`;
}

function describeFirstIssue(issues: readonly Issue[]): string {
  const first = issues[0];
  if (!first) return "content: is not a valid delta";
  const { path, message } = resolveIssue(first, []);
  return `${formatPath(path)}: ${message}`;
}

// A failed union reports every branch; the useful one is the branch whose problems sit inside
// the value (e.g. a bad image URL) rather than at its root (the value is not that shape at all).
function resolveIssue(issue: Issue, basePath: IssuePath): { path: IssuePath; message: string } {
  const path = [...basePath, ...issue.path];
  if (issue.code === "invalid_union") {
    const branch = findClosestBranch(issue.errors);
    const inner = branch?.[0];
    if (inner) return resolveIssue(inner, path);
  }
  return { path, message: issue.message };
}

function findClosestBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  const candidates = branches.filter((branch) => branch.length > 0 && branch.every((issue) => issue.path.length > 0));
  return candidates.sort((a, b) => a.length - b.length)[0];
}

function formatPath(path: IssuePath): string {
  return path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : `${text}.${String(key)}`), "content");
}

function normaliseDelta(delta: Delta): Delta {
  const ops: DeltaOp[] = [];
  for (const op of delta) {
    if (op.insert === "") continue;
    const attributes = compactAttributes(op.attributes);
    const previous = ops.at(-1);
    if (previous && typeof previous.insert === "string" && typeof op.insert === "string" && hasSameAttributes(previous.attributes, attributes)) {
      previous.insert += op.insert;
      continue;
    }
    ops.push(attributes ? { insert: op.insert, attributes } : { insert: op.insert });
  }
  appendFinalNewline(ops);
  return ops;
}

// Quill treats a document that does not end in "\n" as corrupt, and line formats hang off it.
function appendFinalNewline(ops: DeltaOp[]): void {
  const last = ops.at(-1);
  if (last && typeof last.insert === "string" && last.insert.endsWith("\n")) return;
  if (last && typeof last.insert === "string" && !last.attributes) {
    last.insert += "\n";
    return;
  }
  ops.push({ insert: "\n" });
}

function compactAttributes(attributes: DeltaAttributes | undefined): DeltaAttributes | undefined {
  if (!attributes) return undefined;
  const entries = Object.entries(attributes).filter(([, value]) => value !== false && value !== null && value !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as DeltaAttributes) : undefined;
}

function hasSameAttributes(a: DeltaAttributes | undefined, b: DeltaAttributes | undefined): boolean {
  const aKeys = Object.keys(a ?? {});
  const bKeys = Object.keys(b ?? {});
  if (aKeys.length !== bKeys.length) return false;
  const aRecord: Record<string, unknown> = a ?? {};
  const bRecord: Record<string, unknown> = b ?? {};
  return aKeys.every((key) => aRecord[key] === bRecord[key]);
}
