import { NextResponse, type NextRequest } from "next/server";
import { errorEnvelope, familyOfPath } from "@/lib/api/envelope";

/**
 * Next cannot percent-decode a path like /api/v2/groups/%E0 and answers it with a bare 500
 * before any route runs; under /api such a path is the client's error, told in the envelope.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  try {
    decodeURIComponent(pathname);
    return NextResponse.next();
  } catch {
    const body = errorEnvelope(familyOfPath(pathname), 40000, "path: malformed percent-encoding");
    return NextResponse.json(body, { status: 400, headers: { "cache-control": "no-store" } });
  }
}

export const config = { matcher: "/api/:path*" };
