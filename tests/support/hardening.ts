import { expect, inject } from "vitest";
import { getPool } from "@/lib/db/engine/client";

// Shared by tests/hardening: raw requests (no OpenAPI validation: the inputs are hostile on
// purpose), the envelope every answer must carry, and the row count of every table.

export type Encoding = "query" | "json" | "form" | "multipart";

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** JSON nested `depth` levels deep, written out as text (JSON.stringify would overflow the stack first). */
export class DeepJson {
  constructor(
    readonly depth: number,
    readonly shape: "array" | "object",
  ) {}
  toString(): string {
    return this.shape === "array" ? "[".repeat(this.depth) + "]".repeat(this.depth) : '{"a":'.repeat(this.depth) + "1" + "}".repeat(this.depth);
  }
}

function toText(value: unknown): string {
  if (value instanceof DeepJson) return value.toString();
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** A JSON body in which DeepJson values appear as the deep JSON they stand for. */
function toJsonBody(params: Record<string, unknown>): string {
  const deep: DeepJson[] = [];
  const text = JSON.stringify(params, (_key, value: unknown) => {
    if (!(value instanceof DeepJson)) return value;
    deep.push(value);
    return `\u0000deep${deep.length - 1}\u0000`;
  });
  return text.replace(/"\\u0000deep(\d+)\\u0000"/g, (_, index: string) => deep[Number(index)]!.toString());
}

/** One request with `params` sent as `encoding`; values that are not strings are sent as JSON text outside JSON bodies. */
export async function sendRaw(
  method: string,
  path: string,
  params: Record<string, unknown>,
  options: { encoding?: Encoding; token?: string; headers?: Record<string, string>; apiKey?: string | false } = {},
): Promise<RawAnswer> {
  const url = new URL(path, inject("baseUrl"));
  const headers: Record<string, string> = { ...options.headers };
  const apiKey = options.apiKey === undefined ? inject("apiKey") : options.apiKey;
  if (apiKey) headers.api_key = apiKey;
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const encoding = options.encoding ?? (method === "GET" ? "query" : "json");
  let body: BodyInit | undefined;
  if (encoding === "query" || method === "GET") {
    for (const [key, value] of Object.entries(params)) url.searchParams.append(key, toText(value));
  } else if (encoding === "json") {
    body = toJsonBody(params);
    headers["content-type"] = "application/json";
  } else if (encoding === "form") {
    body = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, toText(value)]));
  } else {
    const form = new FormData();
    // A Blob travels as a file part (an upload's `file`).
    for (const [key, value] of Object.entries(params)) {
      if (value instanceof Blob) form.append(key, value, "file.png");
      else form.append(key, toText(value));
    }
    body = form;
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body });
  } catch (error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    throw new Error(`${method} ${url.toString().slice(0, 300)} (${encoding}) failed: ${String(cause ?? error)}`);
  }
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    // An event stream that opened (contract section 13) never ends by itself: its headers are the answer.
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, text: "", body: undefined };
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** Contract section 5: success and failure alike are the family's envelope, and never a 5xx. */
export function expectEnvelope(answer: RawAnswer, family: "api" | "v2", context: string): void {
  const summary = `${answer.status} ${answer.text.slice(0, 300)} ← ${context.slice(0, 600)}`;
  expect(answer.status, summary).toBeLessThan(500);
  expect(answer.body, summary).toMatchObject({ status: expect.any(Boolean), server: "rest", description: expect.any(String), data: expect.any(Object) });
  const { status, code } = answer.body as { status: boolean; code: unknown };
  expect(typeof code, summary).toBe(family === "v2" ? "string" : "number");
  expect(status, summary).toBe(answer.status === 200);
  if (!status) expect(Number(code), summary).toBe(answer.status * 100 + (Number(code) % 100));
}

let tableNames: string[] | undefined;

/** COUNT(*) of every table of the schema, in one statement. */
export async function countRows(): Promise<Record<string, number>> {
  const pool = await getPool();
  tableNames ??= (
    await pool.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1",
    )
  ).rows.map((row) => row.name);
  const sql = tableNames.map((name) => `SELECT '${name}' AS name, COUNT(*)::int AS count FROM "${name}"`).join(" UNION ALL ");
  const { rows } = await pool.query<{ name: string; count: number }>(sql);
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}
