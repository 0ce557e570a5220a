import "server-only";
import http from "node:http";
import { NextResponse, type NextRequest } from "next/server";
import { createVersionedCache } from "@/lib/cache/versioned-cache";
import { readDirectoryVersion, readPublicGroupPageVersion, readPublicThreadPageVersion } from "@/lib/db/read-versions";
import { getEnv } from "@/lib/env";
import { readForwardedOrigin } from "@/lib/http/forwarded-origin";
import { PAGE_RENDER_HEADER, pageRenderToken } from "@/lib/http/page-render-token";
import { FLIGHT_REQUEST_HEADER, PEER_ADDRESS_HEADER } from "@/lib/http/peer-headers";
import { logger } from "@/lib/log";
import { guestPageTarget, type GuestPageTarget } from "@/lib/pages/guest-page-route";
import { hasSessionCookie, readReaderState } from "@/lib/pages/reader-state";
import { resource } from "@/lib/runtime/registry";
import { accountTheme, parseTheme, THEME_COOKIE, type Theme } from "@/lib/theme";
import { READER_PENDING_CSS, READER_PENDING_STYLE_ID, READER_STATE_ELEMENT_ID, serializeReaderState, type ReaderState } from "@/lib/views/reader-state";

// Guests' directory, group, category and thread pages, kept as rendered HTML under the cache rule
// (lib/cache/versioned-cache.ts), as the API keeps guest answers (lib/api/guest-answers.ts). A
// request reads the version (one indexed statement) and is answered from a kept page only while it
// is unchanged, so a write shows on the next guest request on every instance. A page the cache
// does not hold is rendered by Next as usual, through a request to this same server (the proxy
// cannot see a page's body otherwise), and kept if it is a plain 200 without cookies. Each answer
// gets a fresh CSP nonce: the kept one is swapped in the HTML.
//
// Signed-in readers of the home and thread pages get the same kept page: it is rendered as for a
// guest (proxy.ts marks the render, and it reads no session: lib/session/session.ts), and their
// own state (lib/pages/reader-state.ts) is spliced into it as one JSON script, which the page's
// components read once it is interactive (components/providers/reader-splice.ts). Pages that show
// a reader more than a guest, and group pages, are rendered for them as before.
const RENDER_TIMEOUT_MS = 30_000;

interface RenderedPage {
  status: number;
  headers: [string, string][];
  /** The HTML as sent (bytes: a string body would be checked and encoded again on every answer). */
  body: Buffer;
  /** The CSP nonce the page was rendered with; null when it has none (then it is never kept). */
  nonce: string | null;
  /** Where the nonce's bytes are in the body, to write each answer's own over them. */
  nonceAt: number[];
  /** Where a reader's state goes: before the first script, so it is parsed before any script runs; -1 for nowhere. */
  readerAt: number;
  cookies: boolean;
}

export interface PageAnswerOptions {
  /** The page's security headers for a nonce (proxy.ts builds them, as for every page). */
  securityHeaders: (nonce: string) => Record<string, string>;
  createNonce: () => string;
}

const pages = createVersionedCache<RenderedPage>({
  name: "guest-pages",
  max: 10_000,
  maxBytes: () => getEnv().AGORA_PAGE_CACHE_MB * 1_048_576,
  sizeOf: (page) => page.body.length + 1024,
  ttlMs: 30_000,
  // A page that set a cookie was answered to one request only; one without a nonce cannot be given a fresh one.
  keeps: (page) => page.status === 200 && page.nonce !== null && !page.cookies,
});

/** A document request: not a client navigation, a prefetch or a server action (those are rendered for the request). */
function isPlainPageRequest(request: NextRequest): boolean {
  if (request.method !== "GET") return false;
  const headers = request.headers;
  // Without the peer headers (lib/http/peer-address.ts), the flight mark cannot be trusted either.
  return headers.has(PEER_ADDRESS_HEADER) && !headers.has(FLIGHT_REQUEST_HEADER) && !headers.has("next-action");
}

function readVersion(target: GuestPageTarget): Promise<string | null> {
  if (target.kind === "directory") return readDirectoryVersion();
  if (target.kind === "group") return readPublicGroupPageVersion(target.groupName);
  return readPublicThreadPageVersion(target.threadId);
}

// What Next renders differently for a guest: the address (canonical and Open Graph URLs are
// absolute) and the theme. Nothing else of the request reaches a guest's render.
function pageKey(request: NextRequest, theme: Theme | undefined): string {
  const origin = readForwardedOrigin(request.headers, new URL("http://localhost"));
  return `${origin}${request.nextUrl.pathname}${request.nextUrl.search} ${theme ?? ""}`;
}

/** The theme the page is rendered in: a signed-in reader's account's (contract section 17, on every device), else the browser's cookie. */
function pageTheme(request: NextRequest, reader: ReaderState | null): Theme | undefined {
  return reader ? accountTheme(reader.darkMode) : parseTheme(request.cookies.get(THEME_COOKIE)?.value);
}

/** The cookie header of a render: no session, and the theme cookie saying `theme`. */
function renderCookies(cookieHeader: string | undefined, theme: Theme | undefined): string | undefined {
  const pairs = (cookieHeader ?? "").split(";").filter((pair) => {
    const name = pair.split("=", 1)[0]!.trim();
    return name !== "" && !SESSION_COOKIE.test(name) && name !== THEME_COOKIE;
  });
  if (theme) pairs.push(` ${THEME_COOKIE}=${theme}`);
  const joined = pairs.join(";").trim();
  return joined === "" ? undefined : joined;
}

// Hop-by-hop and framework-internal request headers stay behind; the rest (host, forwarded
// headers, cookies, the peer headers) go with the render request as the client sent them.
const DROPPED_REQUEST_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "upgrade",
  "te",
  "trailer",
  "accept-encoding",
  "expect",
]);
const INTERNAL_HEADER = /^x-(?:middleware|invoke|nextjs)-/;
// The session cookie never goes with a render: the kept page is every reader's.
const SESSION_COOKIE = /next-auth\.session-token/;

// Answer headers recomputed for each answer (length, encoding, date) or set per answer by the proxy.
const DROPPED_ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "content-security-policy",
  "strict-transport-security",
]);
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;

function agent(): http.Agent {
  return resource("guest-pages.agent", () => new http.Agent({ keepAlive: true, maxSockets: 64 }), { stop: (made) => made.destroy() });
}

function renderHere(request: NextRequest, theme: Theme | undefined): Promise<RenderedPage> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (!DROPPED_REQUEST_HEADERS.has(name) && !INTERNAL_HEADER.test(name)) headers[name] = value;
  });
  const cookie = renderCookies(headers.cookie, theme);
  if (cookie) headers.cookie = cookie;
  else delete headers.cookie;
  headers["accept-encoding"] = "identity";
  headers[PAGE_RENDER_HEADER] = pageRenderToken();
  const port = Number(process.env.PORT || 3000);
  return new Promise((resolve, reject) => {
    const call = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "GET",
        path: `${request.nextUrl.pathname}${request.nextUrl.search}`,
        headers,
        agent: agent(),
        timeout: RENDER_TIMEOUT_MS,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("error", reject);
        answer.on("end", () => {
          const kept: [string, string][] = [];
          for (let index = 0; index + 1 < answer.rawHeaders.length; index += 2) {
            const name = answer.rawHeaders[index]!.toLowerCase();
            if (!DROPPED_ANSWER_HEADERS.has(name)) kept.push([name, answer.rawHeaders[index + 1]!]);
          }
          const csp = answer.headers["content-security-policy"];
          const body = Buffer.concat(chunks);
          const nonce = (typeof csp === "string" ? NONCE_IN_CSP.exec(csp)?.[1] : undefined) ?? null;
          resolve({
            status: answer.statusCode ?? 500,
            headers: kept,
            body,
            nonce,
            nonceAt: nonce ? findAll(body, nonce) : [],
            readerAt: findReaderPlace(body),
            cookies: answer.headers["set-cookie"] !== undefined,
          });
        });
      },
    );
    call.on("timeout", () => call.destroy(new Error("page render timed out")));
    call.on("error", reject);
    call.end();
  });
}

function findReaderPlace(body: Buffer): number {
  const script = body.indexOf("<script");
  return script !== -1 ? script : body.lastIndexOf("</body>");
}

function findAll(body: Buffer, text: string): number[] {
  const offsets: number[] = [];
  for (let at = body.indexOf(text); at !== -1; at = body.indexOf(text, at + text.length)) offsets.push(at);
  return offsets;
}

/** The kept body with `nonce` in the kept nonce's place (a copy: the kept one serves other answers). */
function bodyWithNonce(page: RenderedPage & { nonce: string }, nonce: string): Buffer {
  // Nonces are all 16 random bytes in base64, so the new one fits the old one's bytes exactly.
  if (nonce.length !== page.nonce.length) return Buffer.from(page.body.toString("utf8").replaceAll(page.nonce, nonce), "utf8");
  const body = Buffer.from(page.body);
  for (const at of page.nonceAt) body.write(nonce, at, "latin1");
  return body;
}

/** The body with the reader's state spliced in (a new buffer). JSON is data, never run; it carries the nonce as every script does. */
function withReaderState(body: Buffer, at: number, state: ReaderState, nonce: string | null): Buffer {
  const attributes = `type="application/json" id="${READER_STATE_ELEMENT_ID}"${nonce ? ` nonce="${nonce}"` : ""}`;
  const style = `<style id="${READER_PENDING_STYLE_ID}">${READER_PENDING_CSS}</style>`;
  const script = Buffer.from(`${style}<script ${attributes}>${serializeReaderState(state)}</script>`, "utf8");
  return Buffer.concat([body.subarray(0, at), script, body.subarray(at)]);
}

function toResponse(page: RenderedPage, outcome: "hit" | "miss", options: PageAnswerOptions, reader: ReaderState | null = null): NextResponse {
  const kept = page.nonce;
  const nonce = kept ? options.createNonce() : null;
  let body = kept && nonce ? bodyWithNonce({ ...page, nonce: kept }, nonce) : page.body;
  // A swapped nonce of another length moved the bytes: the place is found again.
  if (reader) body = withReaderState(body, body.length === page.body.length ? page.readerAt : findReaderPlace(body), reader, nonce);
  // The nonce is also in the Link header's preloads.
  const swap = (text: string) => (kept && nonce ? text.replaceAll(kept, nonce) : text);
  const headers = new Headers();
  for (const [name, value] of page.headers) headers.append(name, swap(value));
  if (nonce) for (const [name, value] of Object.entries(options.securityHeaders(nonce))) headers.set(name, value);
  headers.set("x-agora-page-cache", outcome);
  return new NextResponse(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: page.status, headers });
}

/**
 * The answer to a guest's or a signed-in reader's request for a kept kind of page, from the cache
 * or rendered and kept (a reader's with their state spliced in); null when the page is not one
 * the cache keeps, or is to be rendered for this reader (then the proxy lets Next render it as usual).
 */
export async function answerGuestPage(request: NextRequest, options: PageAnswerOptions): Promise<NextResponse | null> {
  const target = pages.enabled ? guestPageTarget(request.nextUrl.pathname) : null;
  if (!target || !isPlainPageRequest(request)) return null;
  // A session cookie, even an expired one: the reader's state or, failing that, their own render.
  const signedIn = hasSessionCookie(request.cookies.getAll());
  if (signedIn && target.kind === "group") return null;
  try {
    const [version, reader] = await Promise.all([readVersion(target), signedIn ? readReaderState(request, target) : null]);
    if (version === null || (signedIn && reader === null)) return null;
    // One render per page and version at a time: readers arriving together wait for the same one.
    const theme = pageTheme(request, reader);
    const { value: page, source } = await pages.lookup(pageKey(request, theme), version, () => renderHere(request, theme));
    if (reader && (page.status !== 200 || page.cookies || page.readerAt === -1)) return null;
    if (source === "kept") return toResponse(page, "hit", options, reader);
    // A render that set a cookie was answered to the request that ran it; the others are rendered
    // apart. A proxy's answer may only redirect to an absolute address; Next's own redirects are
    // relative, so Next answers those itself (a mistyped slug: rare, rendered twice).
    if ((source === "joined" && page.cookies) || (page.status >= 300 && page.status < 400)) return null;
    return toResponse(page, "miss", options, reader);
  } catch (error) {
    // The page is still rendered for this request, only not kept.
    logger.warn({ err: error, path: request.nextUrl.pathname }, "guest page cache: rendered without it");
    return null;
  }
}
