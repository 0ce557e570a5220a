import "server-only";
import type { PostNode } from "@/lib/db/post-tree";
import { localUploadPath } from "@/lib/media/image-proxy-url";

// A post body's images that are Agora uploads, as served: with their pixel size (nothing jumps as
// they load) inside a link to the file (the lightbox opens it; without JS the link does), or a
// placeholder once the upload was deleted or swept.

// Only stored HTML served by serveStoredHtml reaches this: `<img src="` is always an image the
// renderer emitted, and an upload's address has no characters that need escaping.
const UPLOAD_IMAGE = /(<a [^>]*>)?<img src="(\/uploads\/(\d{1,10})\/[0-9a-f]{64}\.[a-z0-9]{1,8})"([^>]*)>/g;

export const REMOVED_IMAGE_HTML = '<span class="post__removed-upload" role="img" aria-label="Image removed">Image removed</span>';

/** The body's uploaded images sized and linked, or replaced by a placeholder when `isGone(id)`. */
export function presentUploadedImages(html: string, rows: PostNode["attachments"], isGone: (id: number) => boolean): string {
  if (!html.includes('<img src="/uploads/')) return html;
  const sizes = new Map<string, string>();
  for (const row of rows) {
    const path = row.width !== null && row.height !== null ? localUploadPath(row.url) : null;
    if (path) sizes.set(path, ` width="${row.width}" height="${row.height}"`);
  }
  return html.replace(UPLOAD_IMAGE, (_match, openLink: string | undefined, path: string, id: string, rest: string) => {
    if (isGone(Number(id))) return `${openLink ?? ""}${REMOVED_IMAGE_HTML}`;
    const image = `<img src="${path}"${sizes.get(path) ?? ""}${rest}>`;
    // An image the author linked somewhere keeps that link.
    return openLink ? `${openLink}${image}` : `<a href="${path}" class="post__image-link" data-lightbox="" aria-label="View the image full size">${image}</a>`;
  });
}
