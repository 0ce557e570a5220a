import "server-only";
import { buildOpenApiDocument } from "@/lib/api/openapi/build-document";
import { ENDPOINTS } from "@/lib/api/routes";

let cached: Record<string, unknown> | undefined;

export function getOpenApiDocument(): Record<string, unknown> {
  cached ??= buildOpenApiDocument(
    ENDPOINTS.map((endpoint) => endpoint.spec),
    "/",
  );
  return cached;
}

/** GET /api/openapi.json: public (no key), so client authors can read it before they have one. */
export async function serveOpenApiDocument(): Promise<Response> {
  return Response.json(getOpenApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
