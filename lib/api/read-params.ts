import "server-only";
import { ApiError, badRequest } from "@/lib/api/api-error";

export type RawParams = Record<string, unknown>;

function fromEntries(entries: Iterable<[string, FormDataEntryValue | string]>): RawParams {
  const out: RawParams = {};
  for (const [key, value] of entries) {
    // Uploaded files have no meaning for any endpoint yet; only their presence is kept out.
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new ApiError(41300, `Request body is larger than ${maxBytes} bytes`);
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > maxBytes) throw new ApiError(41300, `Request body is larger than ${maxBytes} bytes`);
  return new TextDecoder().decode(buffer);
}

async function readBody(request: Request, maxBytes: number): Promise<RawParams> {
  if (request.method === "GET" || request.method === "HEAD") return {};
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > maxBytes) throw new ApiError(41300, `Request body is larger than ${maxBytes} bytes`);
    try {
      return fromEntries((await request.formData()).entries());
    } catch {
      throw badRequest("body: malformed multipart/form-data");
    }
  }
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") return {};
  if (type.startsWith("application/x-www-form-urlencoded")) return fromEntries(new URLSearchParams(text).entries());
  if (type.includes("json") || type === "" || text.trimStart().startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest("body: malformed JSON");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw badRequest("body: a JSON object is expected");
    }
    return parsed as RawParams;
  }
  throw badRequest(`body: unsupported content type "${type}"`);
}

// PostgreSQL text cannot hold U+0000: refused here, for every parameter, rather than failing as a 500 at the write.
function refuseNulCharacters(params: RawParams): void {
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" && value.includes("\u0000")) throw badRequest(`${key}: must not contain NUL characters`);
  }
}

/** Contract section 2: path segments win over the body, the body over the query string. */
export async function readParams(request: Request, pathParams: Record<string, string>, maxBytes: number) {
  const query = fromEntries(new URL(request.url).searchParams.entries());
  const body = await readBody(request, maxBytes);
  const params = { ...query, ...body, ...pathParams };
  refuseNulCharacters(params);
  return params;
}
