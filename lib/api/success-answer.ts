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

/** `Link: <...page=n+1>; rel="next"` while a page came back full, and rel="prev" after page 1. */
function linkHeader(request: Request, spec: EndpointSpec, params: Record<string, unknown>, data: unknown): string | null {
  if (!spec.listKey || typeof params.page !== "number" || typeof params.per_page !== "number") return null;
  const items = (data as Record<string, unknown> | null)?.[spec.listKey];
  if (!Array.isArray(items)) return null;
  const links: string[] = [];
  if (items.length >= params.per_page) links.push(pageLink(request, params.page + 1, "next"));
  if (params.page > 1) links.push(pageLink(request, params.page - 1, "prev"));
  return links.length > 0 ? links.join(", ") : null;
}

export function successAnswer(request: Request, spec: EndpointSpec, params: Record<string, unknown>, envelope: { data: unknown }): SuccessAnswer {
  const body = JSON.stringify(envelope);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const link = linkHeader(request, spec, params, envelope.data);
  if (link) headers.link = link;
  if (request.method !== "GET") return { status: 200, body, headers: { ...headers, "cache-control": "no-store" } };
  // Answers can depend on the token, so caches keep them private and revalidate every time.
  const etag = etagOf(body);
  Object.assign(headers, { etag, "cache-control": "private, no-cache", vary: "authorization, api_key, svc-api-key" });
  if (matches(request.headers.get("if-none-match"), etag)) {
    delete headers["content-type"];
    return { status: 304, body: null, headers };
  }
  return { status: 200, body, headers };
}
