import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The import-boundary rule of eslint.config.mjs (STYLE.md, "The flow"), run by real ESLint on the
// real config: each probe is linted as if it were a file at that path in the tree.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((message) => message.ruleId === "boundaries/dependencies").map((message) => message.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

describe("import boundaries", () => {
  it.each([
    ["a service importing lib/api", "lib/services/probe.ts", 'import { x } from "@/lib/api/envelope";'],
    ["lib/db importing lib/api", "lib/db/probe.ts", 'import { x } from "@/lib/api/envelope";'],
    ["a view importing lib/api", "lib/views/probe.ts", 'import { x } from "@/lib/api/serializers/post";'],
    ["lib/auth importing lib/api", "lib/auth/probe.ts", 'import { x } from "@/lib/api/error-map";'],
    ["a component importing lib/db", "components/probe.tsx", 'import { getDb } from "@/lib/db/engine/client";'],
    ["a component importing lib/services", "components/posts/probe.tsx", 'import { likePost } from "@/lib/services/likes";'],
    ["lib/db importing lib/services", "lib/db/probe.ts", 'import { likePost } from "@/lib/services/likes";'],
    ["lib/schemas importing lib/db", "lib/schemas/probe.ts", 'import { getDb } from "@/lib/db/engine/client";'],
    ["lib/delta importing lib/services", "lib/delta/probe.ts", 'import { x } from "@/lib/services/content";'],
    ["a service importing the browser session", "lib/services/probe.ts", 'import { getViewer } from "@/lib/session/session";'],
    ["lib/auth importing the browser session", "lib/auth/probe.ts", 'import { getViewer } from "@/lib/session/session";'],
    ["a service importing the web entry wrapper", "lib/services/probe.ts", 'import { defineWebEntry } from "@/lib/web/define-web-entry";'],
    ["a web entry importing lib/api", "lib/media/probe.ts", 'import { readUploadBody } from "@/lib/api/read-params";'],
    ["a service importing the event-stream encoder", "lib/services/probe.ts", 'import { encodeEventStream } from "@/lib/http/event-stream";'],
    ["a page importing lib/db", "app/(forum)/probe/page.tsx", 'import { getDb } from "@/lib/db/engine/client";'],
    ["a service reaching the ORM", "lib/services/probe.ts", 'import { getDb } from "@/lib/db/engine/client";'],
    ["a view reaching the database pool", "lib/views/probe.ts", 'import { getPool } from "@/lib/db/engine/client";'],
    ["the database engine importing a table module", "lib/db/engine/probe.ts", 'import { findThreadRoute } from "@/lib/db/threads";'],
    ["a service importing the job runner", "lib/services/probe.ts", 'import { startJobRunner } from "@/lib/jobs/runner";'],
    ["the job queue importing a service", "lib/jobs/queue/probe.ts", 'import { likePost } from "@/lib/services/likes";'],
  ])("refuses %s", async (_name, file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const probe = 1;\n`)).not.toEqual([]);
  });

  it.each([
    ["a service importing a table module", "lib/services/probe.ts", 'import { findThreadRoute } from "@/lib/db/threads";'],
    ["a service opening a transaction", "lib/services/probe.ts", 'import { inTransaction } from "@/lib/db/engine/transaction";'],
    ["a table module importing the engine", "lib/db/probe.ts", 'import { getDb } from "@/lib/db/engine/client";'],
    ["an endpoint importing a service", "lib/api/endpoints/probe.ts", 'import { likePost } from "@/lib/services/likes";'],
    ["a view importing lib/auth", "lib/views/probe.ts", 'import { canLike } from "@/lib/auth/permissions";'],
    ["a component importing a view model type", "components/probe.tsx", 'import type { PostView } from "@/lib/views/post-view";'],
    ["lib/db importing lib/schemas", "lib/db/probe.ts", 'import type { x } from "@/lib/schemas/report-values";'],
    ["a web entry importing a service", "lib/media/probe.ts", 'import { createUpload } from "@/lib/services/uploads";'],
    ["a web entry importing the browser session", "lib/web/probe.ts", 'import { getViewer } from "@/lib/session/session";'],
    ["a view importing the browser session", "lib/views/probe.ts", 'import { getViewer } from "@/lib/session/session";'],
    ["the API's stream wrapper importing the event-stream encoder", "lib/api/probe.ts", 'import { encodeEventStream } from "@/lib/http/event-stream";'],
    ["a service enqueueing a job", "lib/services/probe.ts", 'import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";'],
    ["a job calling a service", "lib/jobs/probe.ts", 'import { likePost } from "@/lib/services/likes";'],
  ])("allows %s", async (_name, file, code) => {
    // The target must exist, or the rule would have nothing to judge.
    const target = /"@\/([^"]+)"/.exec(code)![1]!;
    expect(fs.existsSync(path.join(ROOT, `${target}.ts`))).toBe(true);
    expect(await boundaryErrors(file, `${code}\nexport const probe = 1;\n`)).toEqual([]);
  });
});
