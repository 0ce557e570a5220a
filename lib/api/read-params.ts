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

// How long, and how far, the rest of a refused body is read and thrown away before the connection is cut.
const DISCARD_MS = 5_000;
const DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops what is left of a refused body, in the background, so the 413 reaches the client:
 * cancelling the stream destroys the socket, and a socket closed with unread bytes in its receive
 * buffer answers with a TCP reset that can overtake the answer already sent (a "lingering close",
 * as web servers do). Bounded in time and bytes; nothing read is kept.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const cut = () => void reader.cancel().catch(() => {});
  const timer = setTimeout(cut, DISCARD_MS);
  timer.unref();
  let discarded = 0;
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      discarded += value.byteLength;
      if (discarded > DISCARD_BYTES) {
        cut();
        break;
      }
    }
  })()
    .catch(() => {})
    .finally(() => clearTimeout(timer));
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(41300, `Request body is larger than ${maxBytes} bytes`);
}

/**
 * The body's bytes, read as they stream in and refused (413) as soon as they pass `maxBytes`:
 * a chunked body has no Content-Length, so counting is the only bound, and nothing past the
 * limit is ever held in memory.
 */
async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      discardRest(reader);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function parseMultipart(bytes: Uint8Array<ArrayBuffer>, type: string): Promise<RawParams> {
  try {
    return fromEntries((await new Response(bytes, { headers: { "content-type": type } }).formData()).entries());
  } catch {
    throw badRequest("body: malformed multipart/form-data");
  }
}

function parseJson(text: string): RawParams {
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

/** The body's parameters (JSON, urlencoded or multipart), read at most `maxBytes` far (else 413 / 41300). */
export async function readBodyParams(request: Request, maxBytes: number): Promise<RawParams> {
  if (request.method === "GET" || request.method === "HEAD") return {};
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const bytes = await readBodyBytes(request, maxBytes);
  if (type.startsWith("multipart/form-data")) return bytes.byteLength === 0 ? {} : parseMultipart(bytes, request.headers.get("content-type")!);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return {};
  if (type.startsWith("application/x-www-form-urlencoded")) return fromEntries(new URLSearchParams(text).entries());
  if (type.includes("json") || type === "" || text.trimStart().startsWith("{")) return parseJson(text);
  throw badRequest(`body: unsupported content type "${type}"`);
}

/** The query string's parameters. */
export function readQueryParams(request: Request): RawParams {
  return fromEntries(new URL(request.url).searchParams.entries());
}

// PostgreSQL text cannot hold U+0000: refused here, for every parameter, rather than failing as a 500 at the write.
function refuseNulCharacters(params: RawParams): void {
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" && value.includes("\u0000")) throw badRequest(`${key}: must not contain NUL characters`);
  }
}

/** Contract section 2: path segments win over the body, the body over the query string. */
export function mergeParams(query: RawParams, body: RawParams, pathParams: Record<string, string>): RawParams {
  const params = { ...query, ...body, ...pathParams };
  refuseNulCharacters(params);
  return params;
}
