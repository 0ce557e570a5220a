import { errorEnvelope } from "@/lib/api/envelope";

/** Paths under /api that name no endpoint still answer in the envelope. */
export async function unknownApiPath(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const family = pathname.startsWith("/api/v2/") ? "v2" : "api";
  return Response.json(errorEnvelope(family, 40400, `No endpoint at ${request.method} ${pathname}`), { status: 404 });
}
