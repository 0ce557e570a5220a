import { inject } from "vitest";
import { validateAgainstDocument } from "./openapi-validator";

export type Family = "api" | "v2";

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: { status: boolean; code: number | string; description: string; server: string; data: T };
}

export interface CallOptions {
  query?: Record<string, string | number>;
  /** Sent as JSON unless `encoding` says otherwise. */
  body?: Record<string, unknown>;
  encoding?: "json" | "form" | "multipart";
  headers?: Record<string, string>;
  /** The API key to send (as header api_key); false sends none. Defaults to the suite's key. */
  apiKey?: string | false;
  token?: string;
  /** Sent as it is, for malformed bodies. */
  rawBody?: string;
}

function encodeBody(body: Record<string, unknown>, encoding: CallOptions["encoding"]) {
  if (encoding === "form") {
    return { body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])), type: "application/x-www-form-urlencoded" };
  }
  if (encoding === "multipart") {
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) form.append(key, String(value));
    return { body: form, type: undefined };
  }
  return { body: JSON.stringify(body), type: "application/json" };
}

/** One real HTTP request to the server under test. */
export async function call<T = Record<string, unknown>>(method: "GET" | "POST", path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, inject("baseUrl"));
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { ...options.headers };
  const apiKey = options.apiKey === undefined ? inject("apiKey") : options.apiKey;
  if (apiKey) headers.api_key = apiKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body) {
    const encoded = encodeBody(options.body, options.encoding);
    body = encoded.body;
    if (encoded.type) headers["content-type"] = encoded.type;
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: ApiResponse<T>["body"];
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  await validateAgainstDocument(method, url, response.status, parsed);
  return { status: response.status, headers: response.headers, body: parsed };
}

/** The envelope of a failure, as contract section 5 states it. */
export function expectedError(family: Family, code: number) {
  return { status: false, code: family === "v2" ? String(code) : code, server: "rest", data: {} };
}
