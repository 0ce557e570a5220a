import "server-only";
import type { EndpointSpec } from "@/lib/api/define-endpoint";
import type { ErrorCode } from "@/lib/api/error-codes";

// Which of contract section 5's codes an operation can answer, so the document lists exactly
// those (a client generator turns each into a typed error branch).

export function operationErrorCodes(spec: EndpointSpec, method: "GET" | "POST"): ErrorCode[] {
  const extra = new Set(spec.errors ?? []);
  const codes: ErrorCode[] = [40000, 40100, 40101];
  if (spec.auth === "user") codes.push(40102, 40103);
  else {
    if (extra.has("sign_in_required")) codes.push(40102);
    if (spec.auth === "optional" || extra.has("unauthenticated")) codes.push(40103);
  }
  if (spec.auth === "user" || extra.has("forbidden")) codes.push(40300);
  if (spec.path.includes("{") || extra.has("not_found")) codes.push(40400);
  if (extra.has("conflict")) codes.push(40900);
  if (method === "POST") codes.push(41300);
  codes.push(42900, 50000);
  return codes;
}
