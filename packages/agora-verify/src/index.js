import { readFile } from "node:fs/promises";
import { verifyProof } from "./verify-proof.js";
import { readZipEntries } from "./zip.js";

export { contentHashOf, verifyProof } from "./verify-proof.js";
export { readZipEntries } from "./zip.js";

// What a file may hold (docs/api.md, "Signed posts"): a proof (the proof endpoint's data, or its
// whole envelope), a JSON array of proofs, or an export: a zip whose posts.json is an array of
// posts, each with its proof under `proof`. Any other JSON file in the zip is read the same way.

const isProof = (value) => value !== null && typeof value === "object" && !Array.isArray(value) && "content_hash" in value;

/** The proofs a parsed JSON document holds, each with where it came from. */
export function collectProofs(document, source) {
  if (Array.isArray(document)) return document.flatMap((item, index) => collectProofs(item, `${source}[${index}]`));
  if (document === null || typeof document !== "object") return [];
  if ("status" in document && "data" in document) return collectProofs(document.data, source);
  if (isProof(document)) return [{ source, proof: document }];
  if (isProof(document.proof)) return [{ source, proof: document.proof }];
  if (Array.isArray(document.posts)) return collectProofs(document.posts, `${source}.posts`);
  return [];
}

function parseJson(text, source) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${source} is not JSON`);
  }
}

/** Every proof in a file: a .zip export, or JSON. */
export async function readProofFile(path) {
  const bytes = await readFile(path);
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  if (!isZip) return collectProofs(parseJson(bytes.toString("utf8"), path), path);
  const documents = readZipEntries(bytes).filter((entry) => entry.name.endsWith(".json"));
  return documents.flatMap((entry) => collectProofs(parseJson(entry.data.toString("utf8"), entry.name), entry.name));
}

/**
 * Checks every proof in the files; answers one line per proof and whether all passed. A file
 * with no proof in it fails. With `requireSigned`, an unsigned post fails too.
 */
export async function verifyFiles(paths, { requireSigned = false } = {}) {
  const lines = [];
  let ok = paths.length > 0;
  for (const path of paths) {
    let proofs;
    try {
      proofs = await readProofFile(path);
    } catch (error) {
      lines.push(`FAILED: ${path}: ${error instanceof Error ? error.message : String(error)}`);
      ok = false;
      continue;
    }
    if (proofs.length === 0) {
      lines.push(`FAILED: ${path}: no proof found in it`);
      ok = false;
    }
    for (const { proof, source } of proofs) {
      const result = await verifyProof(proof);
      const where = proofs.length > 1 ? ` (${source})` : "";
      if (result.ok && (result.signed || !requireSigned)) lines.push(`OK: ${result.summary}${where}`);
      else {
        lines.push(`FAILED: ${result.label}: ${result.ok ? "unsigned, and --require-signed was given" : result.reason}${where}`);
        ok = false;
      }
    }
  }
  return { ok, lines };
}
