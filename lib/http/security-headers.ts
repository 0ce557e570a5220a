// The headers every answer carries (set by proxy.ts): a strict Content-Security-Policy with a
// per-request nonce on pages, a deny-everything one on API answers, and the usual hardening.
// No "server-only": proxy.ts imports this, and it holds nothing secret.

/** A fresh, unguessable nonce for one page request (16 random bytes, base64). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The pages' policy. Scripts: only Next's own, which it marks with the nonce it reads from this
 * header, and what they load ('strict-dynamic': the editor and Scalar chunks); an injected
 * <script> or inline handler never runs. Styles keep 'unsafe-inline': server-rendered style
 * attributes (avatar colours, a post's highlight colour) and the <style> elements Quill and
 * Scalar add at run time cannot carry a nonce, and CSS cannot run code (url() loads are held to
 * img-src). Images: this origin only; remote ones come through /media/proxy.
 */
export function buildPageCsp(nonce: string, options: { development: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    // React's development build needs eval for its error overlays; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Wallet sign-in talks to the injected wallet in the page and to this origin, nothing else.
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** API answers are data, never documents: nothing in them may load or run, nor be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const COMMON_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

const PAGE_HEADERS: Record<string, string> = {
  ...COMMON_HEADERS,
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), browsing-topics=()",
  "cross-origin-opener-policy": "same-origin",
};

/** Strict-Transport-Security only on answers that went out over https (a plain-http answer's is ignored anyway). */
function readHsts(https: boolean, maxAge: number): Record<string, string> {
  return https && maxAge > 0 ? { "strict-transport-security": `max-age=${maxAge}` } : {};
}

export function pageSecurityHeaders(csp: string, https: boolean, hstsMaxAge: number): Record<string, string> {
  return { ...PAGE_HEADERS, "content-security-policy": csp, ...readHsts(https, hstsMaxAge) };
}

export function apiSecurityHeaders(https: boolean, hstsMaxAge: number): Record<string, string> {
  return { ...COMMON_HEADERS, "content-security-policy": API_CSP, ...readHsts(https, hstsMaxAge) };
}
