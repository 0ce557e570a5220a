import "server-only";
import { buildOpenApiDocument } from "@/lib/api/openapi/build-document";
import { OPERATIONS } from "@/lib/api/openapi/operations";

let cached: Record<string, unknown> | undefined;

export function getOpenApiDocument(): Record<string, unknown> {
  cached ??= buildOpenApiDocument(OPERATIONS, "/");
  return cached;
}

/** GET /api/openapi.json: public (no key), so client authors can read it before they have one. */
export async function serveOpenApiDocument(): Promise<Response> {
  return Response.json(getOpenApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
