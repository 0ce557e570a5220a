// Any origin would do: paths are resolved against it and only a result on it is kept.
const BASE = new URL("http://agora.invalid");

// Browsers drop tabs and newlines inside URLs and read "\" as "/", so "/\t/evil.com" and
// "/\evil.com" both lead to evil.com; such a target is refused before parsing, and the
// parser's own reading (the one a browser makes) decides the rest.
const UNSAFE_CHARACTERS = /[\p{Cc}\\]/u;

/** A `?next=` target we are willing to redirect to: a path on this site, never another origin. */
export function readSafeNext(value: string | string[] | undefined, fallback = "/"): string {
  const next = Array.isArray(value) ? value[0] : value;
  if (!next || !next.startsWith("/") || UNSAFE_CHARACTERS.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE.origin || url.username || url.password) return fallback;
  // An encoded "//", "\" or control character is harmless to a browser but not to every proxy or
  // framework that decodes a path and redirects again, so none is passed on.
  const decoded = decodePath(url.pathname);
  if (decoded === null || decoded.startsWith("//") || UNSAFE_CHARACTERS.test(decoded)) return fallback;
  if (decoded.startsWith("/signin") || decoded.startsWith("/api/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

export function buildSignInHref(next: string): string {
  return `/signin?next=${encodeURIComponent(next)}`;
}
