import { SUCCESS_CODE } from "@/lib/api/error-codes";

/** The unversioned family answers codes as numbers; the v2 family as strings of the same digits. */
export type ApiFamily = "api" | "v2";

export interface Envelope<T> {
  status: boolean;
  code: number | string;
  description: string;
  server: "rest";
  data: T;
}

/** The family a path belongs to, for answers given before any endpoint is known (404, 405). */
export function familyOfPath(pathname: string): ApiFamily {
  return pathname === "/api/v2" || pathname.startsWith("/api/v2/") ? "v2" : "api";
}

function formatCode(family: ApiFamily, code: number): number | string {
  return family === "v2" ? String(code) : code;
}

export function successEnvelope<T>(family: ApiFamily, data: T): Envelope<T> {
  return { status: true, code: formatCode(family, SUCCESS_CODE), description: "", server: "rest", data };
}

export function errorEnvelope<T extends Record<string, unknown> = Record<string, never>>(
  family: ApiFamily,
  code: number,
  description: string,
  data: T = {} as T,
): Envelope<T> {
  return { status: false, code: formatCode(family, code), description, server: "rest", data };
}
