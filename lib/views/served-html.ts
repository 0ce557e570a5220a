import "server-only";
import { escapeHtml, renderDeltaToStoredHtml, unescapeHtml } from "@/lib/delta/render";
import type { Delta } from "@/lib/delta/schema";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";

// Serving is the view's job: the proxy's signature depends on the server secret, so the pure
// renderer (lib/delta/render.ts) stores image addresses as they are and they are signed here.

/** A post's HTML as readers get it: rendered, sanitised, remote images through the signed proxy. */
export function renderDeltaToHtml(content: string | Delta): string {
  return serveStoredHtml(renderDeltaToStoredHtml(content));
}

// Only renderDeltaToStoredHtml's output reaches this: text is escaped there, so `<img src="` can
// only be an image this renderer emitted, its address escaped by escapeHtml.
const STORED_IMAGE_PATTERN = /<img src="([^"]*)"/g;

/** Stored HTML as it is served: each remote image's address becomes a signed /media/proxy address. */
export function serveStoredHtml(html: string): string {
  if (!html.includes("<img")) return html;
  return html.replace(STORED_IMAGE_PATTERN, (_match, src: string) => `<img src="${escapeHtml(proxyImageUrl(unescapeHtml(src)))}"`);
}
