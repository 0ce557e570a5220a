import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Scalar's browser bundle (one self-contained file: its code, its CSS, no fonts), served from our
// own origin by app/docs/api/assets/[file]/route.ts. The file name carries the version and a hash
// of the content, so the route can mark it immutable and an upgrade gets a new address.
const PACKAGE_DIR = path.join(process.cwd(), "node_modules", "@scalar", "api-reference");
const BUNDLE_PATH = path.join(PACKAGE_DIR, "dist", "browser", "standalone.js");

export const SCALAR_ASSETS_BASE = "/docs/api/assets";

export interface ScalarAsset {
  /** Where the file lives on disk. */
  filePath: string;
  /** The only name the route answers to: `scalar-api-reference-<version>-<hash>.js`. */
  fileName: string;
  /** The address the page loads it from. */
  url: string;
  /** A strong validator: the content hash. */
  etag: string;
}

let cached: ScalarAsset | undefined;

export function getScalarAsset(): ScalarAsset {
  if (cached) return cached;
  const { version } = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, "package.json"), "utf8")) as { version: string };
  const content = fs.readFileSync(BUNDLE_PATH);
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 16);
  const fileName = `scalar-api-reference-${version}-${hash}.js`;
  cached = { filePath: BUNDLE_PATH, fileName, url: `${SCALAR_ASSETS_BASE}/${fileName}`, etag: `"${hash}"` };
  return cached;
}
