import "server-only";
import { buildOpenApiDocument } from "@/lib/api/openapi/build-document";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { NAMED_ENDPOINTS } from "@/lib/api/routes";

const documents = new Map<string, Record<string, unknown>>();

/** The document for a server address (it names itself in `servers`); built once per address. */
export function getOpenApiDocument(serverUrl = "http://localhost:3000"): Record<string, unknown> {
  let document = documents.get(serverUrl);
  if (!document) {
    document = buildOpenApiDocument(NAMED_ENDPOINTS, serverUrl);
    if (documents.size < 8) documents.set(serverUrl, document);
  }
  return document;
}

/** GET /api/openapi.json: public (no key), so client authors can read it before they have one. */
export async function serveOpenApiDocument(request: Request): Promise<Response> {
  const origin = readRequestOrigin(request);
  return Response.json(getOpenApiDocument(origin), { headers: { "cache-control": "public, max-age=300" } });
}
