import "server-only";
import { NotFound } from "@/lib/errors";
import { countSitemapPages, readSitemapPage } from "@/lib/services/sitemap";
import { readPageOrigin } from "@/lib/views/page-origin";
import { renderSitemapIndex, renderSitemapPage } from "@/lib/views/sitemap-xml";
import { defineWebEntry, type WebEntrySpec } from "@/lib/web/define-web-entry";
import { textRefusals } from "@/lib/web/refusal-formats";

// /sitemap.xml and its pages, /sitemaps/<n>.xml. Their URLs use the origin the pages' canonical
// links use (readPageOrigin), so the sitemap and the pages it lists always name the same host.

// Crawlers come back often; a few minutes' staleness costs nothing and spares the database.
const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=300" };
const PAGE_FILE = /^([1-9][0-9]{0,8})\.xml$/;
// A crawler learns only that there is nothing there.
const SITEMAP_ENTRY: WebEntrySpec<"none"> = { name: "sitemap", auth: "none", refusals: textRefusals(), describe: () => "Not found" };

/** GET /sitemap.xml: the index of the sitemap's pages. */
export const serveSitemapIndex = defineWebEntry(SITEMAP_ENTRY, async () => {
  const [origin, pages] = await Promise.all([readPageOrigin(), countSitemapPages()]);
  return new Response(renderSitemapIndex(origin.origin, pages), { headers: XML_HEADERS });
});

/** GET /sitemaps/<n>.xml: one page of public groups and threads; 404 past the last. */
export const serveSitemapPage = defineWebEntry(SITEMAP_ENTRY, async ({ params }) => {
  const match = typeof params.file === "string" ? PAGE_FILE.exec(params.file) : null;
  if (!match) throw new NotFound("sitemap page");
  const [origin, entries] = await Promise.all([readPageOrigin(), readSitemapPage(Number(match[1]))]);
  return new Response(renderSitemapPage(origin.origin, entries), { headers: XML_HEADERS });
});
