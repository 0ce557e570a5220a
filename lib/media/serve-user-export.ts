import "server-only";
import { HttpError } from "@/lib/http/http-error";
import { FILE_HEADERS, parseRange, readActor } from "@/lib/media/serve-upload";
import { findDownloadableExport } from "@/lib/services/user-exports";
import { getUploadStorage } from "@/lib/uploads/storage";
import { defineWebEntry } from "@/lib/web/define-web-entry";
import { textRefusals } from "@/lib/web/refusal-formats";
import { NotFound } from "@/lib/errors";

const FILE_PATTERN = /^(.+)\.zip$/;

/** GET /exports/{name}.zip: a data export's zip (contract section 20), for its owner's token or session; anyone else gets 404. */
export const serveUserExport = defineWebEntry({ name: "data export", auth: "none", refusals: textRefusals(FILE_HEADERS) }, async ({ request, params }) => {
  const match = typeof params.file === "string" ? FILE_PATTERN.exec(params.file) : null;
  if (!match) throw new NotFound("file", "No such file");
  const found = await findDownloadableExport(await readActor(request), match[1]!);
  const storage = await getUploadStorage();
  const size = await storage.size(found.storageKey);
  if (size === null) throw new NotFound("file", "No such file");
  const range = parseRange(request.headers.get("range"), size);
  if (range === "invalid") throw new HttpError(416, "Range not satisfiable", { "content-range": `bytes */${size}` });
  const name = `agora-export-${found.username.replace(/[^A-Za-z0-9_-]/g, "_")}-${found.readyAt.toISOString().slice(0, 10)}.zip`;
  const headers: Record<string, string> = {
    ...FILE_HEADERS,
    "content-type": "application/zip",
    "content-disposition": `attachment; filename="${name}"`,
    "accept-ranges": "bytes",
    "cache-control": "private, no-store",
  };
  const object = request.method === "HEAD" ? null : await storage.read(found.storageKey, range ?? undefined);
  if (request.method !== "HEAD" && !object) throw new NotFound("file", "No such file");
  headers["content-length"] = String(range ? range.end - range.start + 1 : size);
  if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${size}`;
  return new Response(object?.body ?? null, { status: range ? 206 : 200, headers });
});
