import "server-only";
import { createHash } from "node:crypto";
import type { EndpointSpec } from "@/lib/api/define-endpoint";

// The HTTP conventions clients expect of a successful answer: an ETag they can revalidate with
// (304 when nothing changed) and, on a paged listing, Link headers to its neighbour pages.

export interface SuccessAnswer {
  status: 200 | 304;
  body: string | null;
  headers: Record<string, string>;
}

/** A success body as it can be kept and answered again (lib/api/guest-answers.ts): nothing in it depends on who asked. */
export interface RenderedBody {
  body: string;
  etag: string;
  /** For a paged listing, how many items the page holds (its Link header is the asker's own URL). */
  items: number | null;
}

function etagOf(body: string): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || `W/${tag}` === etag;
  });
}

function pageLink(request: Request, page: number, rel: string): string {
  const url = new URL(request.url);
  url.searchParams.set("page", String(page));
  return `<${url.pathname}${url.search}>; rel="${rel}"`;
}

function countItems(spec: EndpointSpec, data: unknown): number | null {
  if (!spec.listKey) return null;
  const items = (data as Record<string, unknown> | null)?.[spec.listKey];
  return Array.isArray(items) ? items.length : null;
}

/** `Link: <...page=n+1>; rel="next"` while a page came back full, and rel="prev" after page 1. */
function linkHeader(request: Request, params: Record<string, unknown>, items: number | null): string | null {
  if (items === null || typeof params.page !== "number" || typeof params.per_page !== "number") return null;
  const links: string[] = [];
  if (items >= params.per_page) links.push(pageLink(request, params.page + 1, "next"));
  if (params.page > 1) links.push(pageLink(request, params.page - 1, "prev"));
  return links.length > 0 ? links.join(", ") : null;
}

export function renderBody(spec: EndpointSpec, envelope: { data: unknown }): RenderedBody {
  const body = JSON.stringify(envelope);
  return { body, etag: etagOf(body), items: countItems(spec, envelope.data) };
}

/** The answer to this request for a rendered body: its headers, or a 304 when the client has it. */
export function answerWith(request: Request, params: Record<string, unknown>, rendered: RenderedBody): SuccessAnswer {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const link = linkHeader(request, params, rendered.items);
  if (link) headers.link = link;
  if (request.method !== "GET") return { status: 200, body: rendered.body, headers: { ...headers, "cache-control": "no-store" } };
  // Answers can depend on the token, so caches keep them private and revalidate every time.
  Object.assign(headers, { etag: rendered.etag, "cache-control": "private, no-cache", vary: "authorization, api_key, svc-api-key" });
  if (matches(request.headers.get("if-none-match"), rendered.etag)) {
    delete headers["content-type"];
    return { status: 304, body: null, headers };
  }
  return { status: 200, body: rendered.body, headers };
}
