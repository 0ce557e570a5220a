import "server-only";
import { readBearerToken, verifyUserToken } from "@/lib/auth/tokens";
import type { Actor } from "@/lib/auth/permissions";
import { findUpload, type UploadRecord } from "@/lib/db/uploads";
import { Forbidden, NotFound } from "@/lib/errors";
import { HttpError } from "@/lib/http/http-error";
import { logger } from "@/lib/log";
import { isUploadPublic, mayReadUpload } from "@/lib/services/uploads";
import { getViewer } from "@/lib/session/session";
import { getUploadStorage, storageKey, type ByteRange } from "@/lib/uploads/storage";
import { defineWebEntry } from "@/lib/web/define-web-entry";
import { textRefusals } from "@/lib/web/refusal-formats";

// A stored file is a passive resource: whatever its bytes, it may not run, load or be sniffed
// into something else. Images are shown inline; everything else is a download.
export const FILE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
};
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const FILE_PATTERN = /^([0-9a-f]{64})\.([a-z0-9]{1,8})$/;

const noSuchFile = () => new NotFound("file", "No such file");

/** The reader, read only for a file that is not public: a user token in `authorization` (API clients), else the web session, else a guest. */
export async function readActor(request: Request): Promise<Actor> {
  const token = readBearerToken(request.headers.get("authorization"));
  if (token) {
    const verified = await verifyUserToken(token);
    return verified ? { id: verified.userId } : null;
  }
  const viewer = await getViewer();
  return viewer ? { id: viewer.id } : null;
}

/** One `bytes=a-b` range within `size` (multiple ranges are answered whole), "invalid", or null for none. */
export function parseRange(header: string | null, size: number): ByteRange | "invalid" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return header.includes(",") ? null : "invalid";
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "invalid";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return "invalid";
  return { start, end };
}

function contentDisposition(upload: UploadRecord, inline: boolean): string {
  const fallback = upload.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(upload.name)}`;
}

/** GET /uploads/{upload_id}/{sha256}.{ext}: the file, if this reader may read it. */
export const serveUpload = defineWebEntry({ name: "uploaded file", auth: "none", refusals: textRefusals(FILE_HEADERS) }, async ({ request, params }) => {
  const { upload_id: idText, file } = params;
  const match = typeof file === "string" ? FILE_PATTERN.exec(file) : null;
  const id = typeof idText === "string" && /^\d{1,10}$/.test(idText) ? Number(idText) : 0;
  if (!match || id < 1 || id > 2_147_483_647) throw noSuchFile();
  const upload = await findUpload(id);
  if (!upload || upload.sha256 !== match[1] || upload.ext !== match[2]) throw noSuchFile();
  const isPublic = await isUploadPublic(upload);
  if (!isPublic && !(await mayReadUpload(await readActor(request), upload))) throw new Forbidden("You cannot see this file");
  const storage = await getUploadStorage();
  const size = await storage.size(storageKey(upload.sha256, upload.ext));
  if (size === null) {
    logger.warn({ uploadId: upload.id }, "an upload's stored file is missing");
    throw noSuchFile();
  }
  const range = parseRange(request.headers.get("range"), size);
  if (range === "invalid") throw new HttpError(416, "Range not satisfiable", { "content-range": `bytes */${size}` });
  const inline = INLINE_TYPES.has(upload.mimeType);
  const headers: Record<string, string> = {
    ...FILE_HEADERS,
    "content-type": inline ? upload.mimeType : upload.mimeType || "application/octet-stream",
    "content-disposition": contentDisposition(upload, inline),
    "accept-ranges": "bytes",
    etag: `"${upload.sha256}"`,
    // Public groups: the address names its content, so it never changes. Others: never in a shared cache.
    "cache-control": isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
  };
  if (isPublic) headers.vary = "Range";
  if (request.headers.get("if-none-match") === headers.etag && !range) return new Response(null, { status: 304, headers });
  const object = request.method === "HEAD" ? null : await storage.read(storageKey(upload.sha256, upload.ext), range ?? undefined);
  if (request.method !== "HEAD" && !object) throw noSuchFile();
  const length = range ? range.end - range.start + 1 : size;
  headers["content-length"] = String(length);
  if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${size}`;
  return new Response(object?.body ?? null, { status: range ? 206 : 200, headers });
});
