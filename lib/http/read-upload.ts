import "server-only";
import { Readable } from "node:stream";
import busboy from "busboy";
import { HttpError } from "@/lib/http/http-error";

// Room for the other fields, part headers and boundaries of an upload's multipart body.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A file part as it arrived: the name the client gave it and its bytes. */
export interface UploadedPart {
  name: string;
  bytes: Buffer;
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `file: larger than ${maxBytes} bytes`);
}

const badRequest = (description: string) => new HttpError(400, description);

/**
 * An upload's multipart body, parsed as it streams in (busboy): its text fields and the one file
 * part named `fileField`, refused with 413 as soon as the file passes `maxBytes` (the
 * rest of the body is never read). A declared Content-Length over the limit is refused unread.
 */
export async function readUploadBody(
  request: Request,
  maxBytes: number,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: UploadedPart | null }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw badRequest(`${fileField}: send the file as multipart/form-data`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
  if (!request.body) return { fields: {}, file: null };
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": type }, limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 30 } });
    } catch {
      reject(badRequest("body: malformed multipart/form-data"));
      return;
    }
    const fields: Record<string, string> = {};
    let file: UploadedPart | null = null;
    let settled = false;
    let received = 0;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes + MULTIPART_OVERHEAD_BYTES) fail(tooLarge(maxBytes));
    });
    source.on("error", () => fail(badRequest("body: the upload was cut off")));
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== fileField || file !== null) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(tooLarge(maxBytes)));
      stream.on("end", () => {
        if (!settled && !stream.truncated) file = { name: info.filename ?? "", bytes: Buffer.concat(chunks) };
      });
    });
    parser.on("error", () => fail(badRequest("body: malformed multipart/form-data")));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields, file });
    });
    source.pipe(parser);
  });
}
