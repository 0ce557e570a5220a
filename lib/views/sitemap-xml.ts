import type { SitemapEntry } from "@/lib/services/sitemap";

// The sitemap protocol's two documents (https://www.sitemaps.org/protocol.html): an index of
// pages, and a page of URLs. Every <loc> is absolute and on the origin the sitemap was read from.

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

const loc = (origin: string, path: string) => `<loc>${escapeXml(new URL(path, origin).href)}</loc>`;

/** The sitemap's own address of page `page`. */
export function sitemapPagePath(page: number): string {
  return `/sitemaps/${page}.xml`;
}

export function renderSitemapIndex(origin: string, pages: number): string {
  const items = Array.from({ length: pages }, (_, index) => `<sitemap>${loc(origin, sitemapPagePath(index + 1))}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export function renderSitemapPage(origin: string, entries: SitemapEntry[]): string {
  const items = entries.map(
    (entry) => `<url>${loc(origin, entry.path)}${entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${items.join("\n")}\n</urlset>\n`;
}
