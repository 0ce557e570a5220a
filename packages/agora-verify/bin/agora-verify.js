#!/usr/bin/env node
// npx agora-verify <proof.json | proofs.json | export.zip>... [--require-signed]
// Checks Agora signed-post proofs offline (no server, no network); one line per proof, exit 0 only if all pass.
import { verifyFiles } from "../src/index.js";

const args = process.argv.slice(2);
const requireSigned = args.includes("--require-signed");
const paths = args.filter((arg) => !arg.startsWith("--"));

if (paths.length === 0 || args.includes("--help")) {
  console.error("usage: agora-verify <proof.json | proofs.json | export.zip>... [--require-signed]");
  process.exit(paths.length === 0 && !args.includes("--help") ? 2 : 0);
}

const { ok, lines } = await verifyFiles(paths, { requireSigned });
for (const line of lines) console.log(line);
process.exit(ok ? 0 : 1);
