import "server-only";
import { NotFound } from "@/lib/errors";
import { countSitemapPages, readSitemapPage } from "@/lib/services/sitemap";
import { readPageOrigin } from "@/lib/views/page-origin";
import { renderSitemapIndex, renderSitemapPage } from "@/lib/views/sitemap-xml";

// /sitemap.xml and its pages, /sitemaps/<n>.xml. Their URLs use the origin the pages' canonical
// links use (readPageOrigin), so the sitemap and the pages it lists always name the same host.

// Crawlers come back often; a few minutes' staleness costs nothing and spares the database.
const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=300" };
const PAGE_FILE = /^([1-9][0-9]{0,8})\.xml$/;

function notFound(): Response {
  return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/** GET /sitemap.xml: the index of the sitemap's pages. */
export async function serveSitemapIndex(): Promise<Response> {
  const [origin, pages] = await Promise.all([readPageOrigin(), countSitemapPages()]);
  return new Response(renderSitemapIndex(origin.origin, pages), { headers: XML_HEADERS });
}

/** GET /sitemaps/<n>.xml: one page of public groups and threads; 404 past the last. */
export async function serveSitemapPage(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const match = PAGE_FILE.exec((await context.params).file);
  if (!match) return notFound();
  try {
    const [origin, entries] = await Promise.all([readPageOrigin(), readSitemapPage(Number(match[1]))]);
    return new Response(renderSitemapPage(origin.origin, entries), { headers: XML_HEADERS });
  } catch (error) {
    if (error instanceof NotFound) return notFound();
    throw error;
  }
}
