import fs from "node:fs";
import { Readable } from "node:stream";
import { getScalarAsset } from "@/components/api-docs/scalar-asset";

// Serves Scalar's browser bundle from node_modules under a versioned, content-hashed name, so
// /docs/api needs no CDN. Any other name is a 404: an old hash must not be cached forever.
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const asset = getScalarAsset();
  if (file !== asset.fileName) {
    return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const headers = {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": "public, max-age=31536000, immutable",
    etag: asset.etag,
    "x-content-type-options": "nosniff",
  };
  if (request.headers.get("if-none-match") === asset.etag) return new Response(null, { status: 304, headers });
  const body = Readable.toWeb(fs.createReadStream(asset.filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers });
}
