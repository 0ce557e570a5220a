// What differs between two runs of the same code on the same fresh database, and nothing else:
// clocks (timestamps, relative times), secrets minted per run (tokens, nonces, request ids, CSP
// nonces, widget secrets), the port and the build's asset hashes. Everything is rewritten on the
// text as the server sent it, so the bytes that remain are compared exactly.

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";

/** Clock-shaped text: each digit becomes 0, so the format is still compared, the value is not. */
const CLOCK_PATTERNS: RegExp[] = [
  // ISO 8601 (the /api family, sign-in messages, Date props in page data)
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?/g,
  // group info's "YYYY-MM-DD HH:MM:SS"
  /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g,
  // the pages' absolute times: "Nov 21, 2026 04:40 UTC"
  new RegExp(`${MONTH} \\d{1,2}, \\d{4} \\d{2}:\\d{2} UTC`, "g"),
];

const zeroDigits = (text: string) => text.replace(/\d/g, "0");

/** Next's per-build names: chunk files carry a content hash, the build a random id. */
const ASSET_PATTERNS: [RegExp, string][] = [
  [/\/_next\/static\/chunks\/[\w./()[\]@~-]+?\.(js|css)/g, "/_next/static/chunks/<asset>.$1"],
  [/\/_next\/static\/media\/[\w.-]+/g, "/_next/static/media/<asset>"],
  [/static\/chunks\/[\w./()[\]@~-]+?\.(js|css)/g, "static/chunks/<asset>.$1"],
];

/** Relative times as the pages print them (lib/format/relative-time.ts), inside <time> elements. */
const TIME_ELEMENT = /(<time\b[^>]*>)([^<]*)(<\/time>)/g;
const RELATIVE = String.raw`(?:just now|\d+ (?:min|h|d) ago|[A-Z][a-z]{2} \d{1,2}(?:, \d{4})?)`;
/** The same element in the RSC payload: ["$","time",null,{...,"children":"3 h ago"}]. */
const FLIGHT_TIME = new RegExp(String.raw`("time",null,\{[^{}]*"children":")${RELATIVE}(")`, "g");

/** Next's inline scripts that carry the RSC payload, one chunk each. */
const FLIGHT_SCRIPT = /(<script\b[^>]*>)self\.__next_f\.push\((\[1,"(?:[^"\\]|\\.)*"\])\)<\/script>/g;

const JWT = /eyJ[\w-]{4,}\.eyJ[\w-]{4,}\.[\w-]{8,}/g;

export class Normaliser {
  /** Exact strings minted for this run, longest first when applied, and what replaces them. */
  private readonly volatile = new Map<string, string>();

  constructor(origin: string) {
    const url = new URL(origin);
    this.forget(url.origin, "<origin>");
    this.forget(url.host, "<host>");
    this.forget(encodeURIComponent(url.origin), "<origin-encoded>");
  }

  /** Replace every later occurrence of `value` with `label` (a token, a nonce, an API key). */
  forget(value: string | null | undefined, label: string): void {
    if (value && value.length >= 6 && !this.volatile.has(value)) this.volatile.set(value, label);
  }

  /** Values found by key in a JSON answer that are minted per run. */
  learnFromJson(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value) this.learnFromJson(item);
      return;
    }
    if (value === null || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (typeof inner === "string" && VOLATILE_KEYS[key]) this.forget(inner, VOLATILE_KEYS[key]);
      else this.learnFromJson(inner);
    }
  }

  text(raw: string): string {
    let text = raw;
    for (const [value, label] of [...this.volatile].sort((a, b) => b[0].length - a[0].length)) text = text.split(value).join(label);
    text = text.replace(JWT, "<jwt>");
    for (const pattern of CLOCK_PATTERNS) text = text.replace(pattern, zeroDigits);
    return text;
  }

  /**
   * A page: its markup (the React Server Components payload's scripts emptied) and that payload
   * decoded on its own, with module ids and the build id, which any change of code moves, left out.
   */
  html(raw: string): { markup: string; flight: string } {
    let flight = "";
    let markup = raw.replace(FLIGHT_SCRIPT, (_match, open: string, chunk: string) => {
      flight += (JSON.parse(chunk) as [number, string])[1];
      return `${open}/* flight */</script>`;
    });
    markup = markup.replace(/\bnonce="([^"]+)"/g, (_match, nonce: string) => {
      this.forget(nonce, "<csp-nonce>");
      return 'nonce="<csp-nonce>"';
    });
    markup = this.page(markup).replace(TIME_ELEMENT, (_match, open: string, _inner: string, close: string) => `${open}<relative-time>${close}`);
    flight = this.page(flight)
      .replace(/\bI\[\d+,/g, "I[<module>,")
      .replace(/"b":"[\w-]+"/g, '"b":"<build-id>"')
      .replace(FLIGHT_TIME, "$1<relative-time>$2");
    return { markup, flight };
  }

  private page(raw: string): string {
    let text = raw;
    for (const [pattern, replacement] of ASSET_PATTERNS) text = text.replace(pattern, replacement);
    return this.text(text);
  }

  /**
   * Response headers, by lower-case name and sorted; run-dependent ones rewritten, transport ones
   * left out. `bodyVerbatim`: the body was kept as sent, so headers computed from it are kept too
   * (not so for a normalised body, nor for a 304 whose ETag names a body not sent).
   */
  headers(headers: Headers, bodyVerbatim: boolean): Record<string, string> {
    const out: Record<string, string> = {};
    const csp = headers.get("content-security-policy");
    const nonce = csp?.match(/'nonce-([^']+)'/)?.[1];
    if (nonce) this.forget(nonce, "<csp-nonce>");
    for (const [name, value] of [...headers].sort(([a], [b]) => a.localeCompare(b))) {
      if (TRANSPORT_HEADERS.has(name)) continue;
      // Cookies hold per-run values (next-auth's CSRF token); their names and attributes are kept.
      if (name === "set-cookie")
        out[name] = headers
          .getSetCookie()
          .map((cookie) => this.text(cookie.replace(/^([^=]+)=[^;]*/, "$1=<cookie>")))
          .join("\n");
      else if (RUN_HEADERS[name]) out[name] = RUN_HEADERS[name];
      else if (!bodyVerbatim && BODY_HEADERS.has(name)) out[name] = "<depends-on-normalised-body>";
      else out[name] = this.text(value);
    }
    return out;
  }
}

/** JSON keys whose string values are minted per run. */
const VOLATILE_KEYS: Record<string, string> = {
  api_token: "<api-token>",
  csrfToken: "<csrf-token>",
  nonce: "<wallet-nonce>",
  widget_secret: "<widget-secret>",
};

const TRANSPORT_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** Headers that differ on every run whatever the code. */
const RUN_HEADERS: Record<string, string> = {
  "x-request-id": "<request-id>",
  // The budget's window is a wall-clock minute: how much is left depends on when the run started.
  "x-ratelimit-remaining": "<n>",
  "x-ratelimit-reset": "<n>",
};

/** Headers computed from the body: meaningful only when normalising left the body as sent. */
const BODY_HEADERS = new Set(["content-length", "etag"]);
