import { errorEnvelope, familyOfPath } from "@/lib/api/envelope";
import { withApiHeaders } from "@/lib/http/api-headers";

/** Paths under /api that name no endpoint still answer in the envelope. */
export async function unknownApiPath(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const body = errorEnvelope(familyOfPath(pathname), 40400, `No endpoint at ${request.method} ${pathname}`);
  return withApiHeaders(request, Response.json(body, { status: 404, headers: { "cache-control": "no-store" } }));
}
