import { randomBytes, timingSafeEqual } from "node:crypto";
import { resource } from "@/lib/runtime/registry";

// The guest page cache (lib/http/guest-page-cache.ts) renders a page it does not hold by asking
// its own server for it. That request carries this process's secret under this header, so the
// proxy neither spends the pages budget on it twice nor answers it from the cache, and the peer
// headers (lib/http/peer-address.ts) keep the original client's instead of the loopback's.
export const PAGE_RENDER_HEADER = "x-agora-page-render";

// One per process: the proxy and the instrumentation hook are bundled apart (lib/runtime/registry.ts).
export function pageRenderToken(): string {
  return resource("http.page-render-token", () => randomBytes(24).toString("base64url"));
}

export function isPageRenderRequest(value: string | string[] | null | undefined): boolean {
  if (typeof value !== "string") return false;
  const expected = Buffer.from(pageRenderToken());
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Set by proxy.ts on a render the guest page cache asked for (and stripped from every other
// request): that render is the one page body every reader is served, so it reads no session and
// shows the neutral (guest) state; a signed-in reader's own state is added on top when served.
export const KEPT_RENDER_HEADER = "x-agora-kept-render";
