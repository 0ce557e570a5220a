// npx tsx --conditions=react-server scripts/golden/capture.ts --base-url http://127.0.0.1:3411 --api-key KEY --out file.json
//
// Sends a fixed list of requests, one at a time, to a running Agora on a fresh seeded database
// and writes each request with its status, headers and body, normalised (scripts/golden/README.md).
import fs from "node:fs";
import { captureAccounts, captureEditsAndReports, captureGroupAndThread, captureReactions } from "./plan-community";
import { captureErrorRows, captureRoutingEdges, captureUploadedFiles } from "./plan-edges";
import { captureMembership, captureModeration, captureReadsAfter, captureUploads } from "./plan-moderation";
import { capturePagesAfterWrites, captureSeededPages } from "./plan-pages";
import { captureSeededReads } from "./plan-reads";
import { Recorder } from "./recorder";

export const CAPTURE_FORMAT = "agora-golden/1";

function readArgs(argv: string[]): { baseUrl: string; apiKey: string; out: string } {
  const args = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 2) {
    const [name, value] = [argv[index], argv[index + 1]];
    if (!name?.startsWith("--") || value === undefined) throw new Error(`unexpected argument ${name ?? ""}`);
    args.set(name.slice(2), value);
  }
  const baseUrl = args.get("base-url");
  const apiKey = args.get("api-key");
  const out = args.get("out");
  if (!baseUrl || !apiKey || !out) throw new Error("usage: capture.ts --base-url http://127.0.0.1:PORT --api-key KEY --out file.json");
  return { baseUrl: new URL(baseUrl).origin, apiKey, out };
}

async function main(): Promise<void> {
  const { baseUrl, apiKey, out } = readArgs(process.argv.slice(2));
  const rec = new Recorder(baseUrl, apiKey);
  // Everything about the seeded data before the first write changes it.
  const ids = await captureSeededReads(rec);
  await captureSeededPages(rec, ids);
  await captureUploadedFiles(rec);
  await captureErrorRows(rec);
  await captureRoutingEdges(rec);
  const people = await captureAccounts(rec);
  const community = await captureGroupAndThread(rec, people);
  await captureReactions(rec, community);
  await captureEditsAndReports(rec, community);
  await captureModeration(rec, community);
  await captureMembership(rec, community);
  await captureUploads(rec, community);
  await capturePagesAfterWrites(rec, community.groupName, community.threadId, community.owner.id);
  await captureReadsAfter(rec, community);
  const serverErrors = rec.rows.filter((row) => row.status >= 500);
  fs.writeFileSync(out, `${JSON.stringify({ format: CAPTURE_FORMAT, requests: rec.rows }, null, 1)}\n`);
  console.log(`${rec.rows.length} requests captured into ${out}`);
  for (const row of serverErrors) console.log(`  ${row.status} ${row.name}: ${row.body.slice(0, 200)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
