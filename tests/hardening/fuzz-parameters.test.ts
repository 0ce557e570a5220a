import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAMED_ENDPOINTS } from "@/lib/api/routes";
import { methodsOf } from "@/lib/api/define-endpoint";
import { issueUserToken } from "@/lib/auth/tokens";
import { pruneAuthRecordsJob } from "@/lib/jobs/prune-auth-records";
import { pruneDraftsJob } from "@/lib/jobs/prune-drafts";
import { createTestUser, type TestUser } from "../support/fixtures";
import { countRows, DeepJson, expectEnvelope, sendRaw, type Encoding } from "../support/hardening";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";
import { waitForStartRuns } from "../support/job-runs";

// Property-based fuzzing of every endpoint of both families, taken from the route table itself
// (lib/api/routes.ts): wrong types, huge numbers, unicode edge cases, deep JSON, SQL and script
// payloads in every parameter, path segments included, over every transport. Every answer is
// the envelope and never a 5xx; a refused write changes no row of any table.

const SEED = 20261125;
const RUNS_PER_ENDPOINT = 30;

const CORPUS = [
  // SQL
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "1 UNION SELECT api_key FROM api_keys",
  "%",
  "_",
  "\\",
  "$1",
  "1' AND pg_sleep(5)--",
  // script and templates
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "__proto__",
  "constructor",
  // numbers that are not what they seem
  "1e309",
  "9007199254740993",
  "99999999999999999999999999",
  "2147483648",
  "-2147483649",
  "-0",
  "0x10",
  "NaN",
  "Infinity",
  " 1 ",
  "1.5",
  "1e3",
  "",
  " ",
  // unicode edges
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\uffff",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "e\u0301",
  "\u200b",
  "\ufeff",
  "𝕒𝕕𝕞𝕚𝕟",
  "İ",
  "ß",
  "👩‍👩‍👧‍👦",
  // content-looking values
  '[{"insert":"x\\n"}]',
  '[{"insert":{"video":"javascript:alert(1)"}}]',
  '[{"insert":{"image":"javascript:alert(1)"}}]',
  '[{"insert":"x","attributes":{"link":"javascript:alert(1)"}}]',
  '[{"insert":7}]',
  "[]",
  "{}",
  "null",
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...CORPUS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 5000, maxLength: 20_000 }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_VALUE)) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(100, 5_000, 50_000), fc.constantFrom("array" as const, "object" as const))
      .map(([depth, shape]) => new DeepJson(depth, shape)),
  },
);

interface World {
  owner: TestUser;
  groupId: number;
  threadId: number;
  postId: number;
}

/** A plausible value for a parameter, so that some inputs reach past the first check. */
function plausibleValue(name: string, world: World): fc.Arbitrary<unknown> {
  if (name === "group_id") return fc.constantFrom(world.groupId, String(world.groupId));
  if (name === "thread_id") return fc.constantFrom(world.threadId, String(world.threadId));
  if (name === "post_id" || name === "parent_id") return fc.constantFrom(world.postId, String(world.postId));
  if (name === "user_id" || name === "uid") return fc.constant(world.owner.id);
  if (name === "content")
    return fc.constantFrom(textDelta("fuzzed"), JSON.stringify([{ insert: "x", attributes: { link: "https://example.com" } }, { insert: "\n" }]));
  if (name.endsWith("_id")) return fc.constantFrom(1, 0, -1);
  if (name === "page" || name === "per_page") return fc.constantFrom(1, 2, 100, 101);
  return fc.constantFrom("1", "0", "fuzz", "a reasonable value");
}

/** The parameter names a zod params schema declares (objects, possibly behind a preprocess or pipe). */
function paramNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const inner = (schema as unknown as { def?: { in?: z.ZodType; innerType?: z.ZodType; out?: z.ZodType } }).def;
  if (inner?.in) return [...new Set([...paramNames(inner.in), ...(inner.out ? paramNames(inner.out) : [])])];
  if (inner?.innerType) return paramNames(inner.innerType);
  return [];
}

function encodeSegment(value: unknown): string {
  const text = (value instanceof DeepJson ? value.toString() : typeof value === "string" ? value : (JSON.stringify(value) ?? "")).slice(0, 200);
  // A lone surrogate cannot be percent-encoded; a client would send U+FFFD.
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));
}

function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(values[name]));
}

/** Query strings stay under the HTTP server's header limit: a huge value there is the transport's refusal, not ours. */
function clampForQuery(value: unknown): unknown {
  if (value instanceof DeepJson) return new DeepJson(Math.min(value.depth, 100), value.shape);
  return typeof value === "string" ? value.slice(0, 300) : value;
}

function familyOf(path: string): "api" | "v2" {
  return path.startsWith("/api/v2/") ? "v2" : "api";
}

let world: World;
let inputsTried = 0;
let refusedWritesChecked = 0;
const covered = new Set<string>();

beforeAll(async () => {
  const owner = await createTestUser();
  const group = await createNamedGroup(owner);
  const thread = await createThreadOverHttp(owner, group.id);
  const post = await createPostOverHttp(owner, thread.id, "a post to fuzz");
  world = { owner, groupId: group.id, threadId: thread.id, postId: post.id };
  // Refused writes are checked against every table's row count: the prunings the server runs at
  // start must be over first.
  await waitForStartRuns([pruneDraftsJob.name, pruneAuthRecordsJob.name]);
}, 90_000);

afterAll(() => {
  console.log(
    `fuzz-parameters: ${inputsTried} inputs tried over ${covered.size} endpoints (seed ${SEED}); ` +
      `${refusedWritesChecked} refused writes checked to change no row`,
  );
});

const operations = NAMED_ENDPOINTS.flatMap(({ name, spec }) => methodsOf(spec).map((method) => ({ name, spec, method })));

describe("every endpoint answers hostile parameters with the envelope, never a 5xx", () => {
  it("covers every endpoint of both families", () => {
    expect(operations.length).toBeGreaterThanOrEqual(36);
    expect(new Set(operations.map((operation) => operation.spec.family))).toEqual(new Set(["api", "v2"]));
  });

  it.each(operations.map((operation, index) => [`${operation.method} ${operation.spec.path}`, operation, index] as const))(
    "%s",
    async (_label, { spec, method }, index) => {
      const names = [...new Set([...paramNames(spec.params), ...[...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)])];
      const isWrite = method === "POST" && spec.path !== "/api/me";
      // A token of its own per endpoint: a fuzzed logout may revoke it.
      const token = spec.auth === "none" ? undefined : await issueUserToken(world.owner.id);
      const parameter = (name: string) =>
        fc.option(fc.oneof({ weight: 3, arbitrary: hostileValue }, { weight: 2, arbitrary: plausibleValue(name, world) }), { nil: undefined, freq: 5 });
      const input = fc.record({
        values: fc.record(Object.fromEntries(names.map((name) => [name, parameter(name)]))),
        extra: fc.option(fc.tuple(fc.constantFrom("__proto__", "constructor", "api_key", "toString", "x".repeat(300)), hostileValue), { nil: undefined }),
        encoding: fc.constantFrom<Encoding>("json", "form", "multipart", "query"),
        withToken: fc.boolean(),
      });
      const details = await fc.check(
        fc.asyncProperty(input, async ({ values, extra, encoding, withToken }) => {
          inputsTried += 1;
          const sent: Record<string, unknown> = {};
          for (const [name, value] of Object.entries(values)) if (value !== undefined && !spec.path.includes(`{${name}}`)) sent[name] = value;
          if (extra) Object.defineProperty(sent, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
          const path = fillPath(spec.path, { ...Object.fromEntries(names.map((name) => [name, 1])), ...values });
          const transport: Encoding = method === "GET" ? "query" : encoding;
          const params = transport === "query" ? Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, clampForQuery(value)])) : sent;
          const before = isWrite ? await countRows() : undefined;
          const answer = await sendRaw(method, path, params, { encoding: transport, token: spec.auth === "user" || withToken ? token : undefined });
          const context = `${method} ${path} (${transport}) ${JSON.stringify(params).slice(0, 300)}`;
          // A stream that opened answers text/event-stream, not the envelope; every refusal is the envelope.
          if (spec.stream && answer.status === 200) expect(answer.headers.get("content-type"), context).toMatch(/^text\/event-stream/);
          else expectEnvelope(answer, familyOf(new URL(path, "http://x").pathname), context);
          if (before && answer.status !== 200) {
            refusedWritesChecked += 1;
            const after = await countRows();
            const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
            expect(
              changed.map((table) => `${table}: ${before[table]} → ${after[table]}`),
              `rows changed by a refused ${context}`,
            ).toEqual([]);
          }
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
      );
      // The failing request is in the assertion's message; fast-check's own report repeats the huge inputs.
      if (details.failed) throw new Error(`seed ${SEED + index}, run ${details.numRuns}: ${String(details.errorInstance).slice(0, 1500)}`);
      covered.add(`${method} ${spec.path}`);
    },
  );
});
