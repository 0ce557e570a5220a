/** A `?next=` target we are willing to redirect to: a path on this site, never another origin. */
export function readSafeNext(value: string | string[] | undefined, fallback = "/"): string {
  const next = Array.isArray(value) ? value[0] : value;
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  if (next.startsWith("/signin") || next.startsWith("/api/")) return fallback;
  return next;
}

export function buildSignInHref(next: string): string {
  return `/signin?next=${encodeURIComponent(next)}`;
}
