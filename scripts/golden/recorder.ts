import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { Normaliser } from "./normalise";

// Sends one request at a time (the order is part of what is captured: caches fill, counters move)
// and keeps what a client would see, normalised.

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

export interface RequestSpec {
  method?: Method;
  path: string;
  query?: Record<string, string | number>;
  /** Sent as JSON unless `encoding` says otherwise. */
  body?: Record<string, unknown>;
  encoding?: "json" | "form" | "multipart";
  rawBody?: string;
  /** Multipart file fields: name → bytes and file name. */
  files?: Record<string, { bytes: Uint8Array; name: string; type: string }>;
  headers?: Record<string, string>;
  /** Where the API key goes; "none" sends none. Default: header api_key. */
  key?: "header" | "svc-header" | "query" | "body" | "none" | { bad: string };
  /** A user's label (see Recorder.users), or a raw authorization header value. */
  user?: string;
  authorization?: string;
  /** Streams: keep the status and headers, cancel the body. */
  headersOnly?: boolean;
}

export interface CapturedRow {
  name: string;
  request: {
    method: Method;
    /** With the query string. */
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    key: string;
    user?: string;
    authorization?: string;
  };
  status: number;
  headers: Record<string, string>;
  kind: "json" | "html" | "text" | "binary" | "empty" | "stream";
  body: string;
  /** Pages: the RSC payload carried in the page's scripts, decoded. */
  flight?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: { status?: boolean; code?: unknown; data?: Record<string, unknown> } & Record<string, unknown>;
}

export class Recorder {
  readonly rows: CapturedRow[] = [];
  readonly normaliser: Normaliser;
  private readonly names = new Set<string>();
  /** Tokens by user label. */
  readonly users = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {
    this.normaliser = new Normaliser(baseUrl);
    this.normaliser.forget(apiKey, "<api-key>");
  }

  setToken(user: string, token: string): void {
    this.users.set(user, token);
    this.normaliser.forget(token, `<token:${user}>`);
  }

  async send(name: string, spec: RequestSpec): Promise<Answer> {
    if (this.names.has(name)) throw new Error(`request name used twice: ${name}`);
    this.names.add(name);
    const method = spec.method ?? "GET";
    const url = new URL(spec.path, this.baseUrl);
    const query = { ...spec.query };
    const headers: Record<string, string> = { ...spec.headers };
    const key = spec.key ?? "header";
    let body: Record<string, unknown> | undefined = spec.body;
    if (key === "header") headers.api_key = this.apiKey;
    else if (key === "svc-header") headers["svc-api-key"] = this.apiKey;
    else if (key === "query") query.api_key = this.apiKey;
    else if (key === "body") body = { ...body, api_key: this.apiKey };
    else if (typeof key === "object") headers.api_key = key.bad;
    for (const [param, value] of Object.entries(query)) url.searchParams.set(param, String(value));
    if (spec.user) {
      const token = this.users.get(spec.user);
      if (!token) throw new Error(`${name}: no token for ${spec.user}`);
      headers.authorization = `Bearer ${token}`;
    } else if (spec.authorization !== undefined) headers.authorization = spec.authorization;
    const payload = encodeBody(body, spec, headers);
    const response = await fetch(url, { method, headers, body: payload, redirect: "manual" });
    const answer = await this.read(name, response, spec);
    this.rows.push({
      name,
      request: {
        method,
        path: this.normaliser.text(url.pathname + url.search),
        ...(spec.body || spec.rawBody ? { body: spec.rawBody ?? this.describeBody(spec) } : {}),
        key: typeof key === "object" ? "bad" : key,
        ...(spec.headers ? { headers: this.describeHeaders(spec.headers) } : {}),
        ...(spec.user ? { user: spec.user } : {}),
        ...(spec.authorization !== undefined ? { authorization: this.normaliser.text(spec.authorization) } : {}),
      },
      ...answer.row,
    });
    return answer.answer;
  }

  private describeHeaders(headers: Record<string, string>): Record<string, string> {
    // A conditional request carries an ETag computed over timestamps: its value is the run's.
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, name === "if-none-match" ? "<etag>" : this.normaliser.text(value)]));
  }

  private describeBody(spec: RequestSpec): unknown {
    const files = Object.fromEntries(Object.entries(spec.files ?? {}).map(([field, file]) => [field, `<file ${file.name} ${file.bytes.length} bytes>`]));
    return JSON.parse(this.normaliser.text(JSON.stringify({ ...spec.body, ...files, encoding: spec.files ? "multipart" : (spec.encoding ?? "json") })));
  }

  private async read(
    name: string,
    response: Response,
    spec: RequestSpec,
  ): Promise<{ answer: Answer; row: Pick<CapturedRow, "status" | "headers" | "kind" | "body" | "flight"> }> {
    const contentType = response.headers.get("content-type") ?? "";
    if (spec.headersOnly) {
      await response.body?.cancel();
      const row = { status: response.status, headers: this.normaliser.headers(response.headers, false), kind: "stream" as const, body: "" };
      return { answer: { status: response.status, headers: response.headers, text: "", json: {} }, row };
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const isText = /json|text|html|xml|javascript/.test(contentType) || (contentType === "" && isUtf8(bytes));
    if (!isText && bytes.length > 0) {
      const body = `sha256:${createHash("sha256").update(bytes).digest("hex")} bytes:${bytes.length}`;
      const row = { status: response.status, headers: this.normaliser.headers(response.headers, true), kind: "binary" as const, body };
      return { answer: { status: response.status, headers: response.headers, text: "", json: {} }, row };
    }
    const text = new TextDecoder().decode(bytes);
    let json: Answer["json"] = {};
    let kind: CapturedRow["kind"] = bytes.length === 0 ? "empty" : contentType.includes("html") ? "html" : "text";
    if (kind !== "empty" && contentType.includes("json")) {
      try {
        json = JSON.parse(text) as Answer["json"];
        kind = "json";
        this.normaliser.learnFromJson(json);
      } catch {
        throw new Error(`${name}: ${response.status} answered ${contentType} that does not parse: ${text.slice(0, 200)}`);
      }
    }
    const page = kind === "html" ? this.normaliser.html(text) : null;
    const body = page ? page.markup : this.normaliser.text(text);
    const row = {
      status: response.status,
      headers: this.normaliser.headers(response.headers, text !== "" && body === text),
      kind,
      body,
      ...(page ? { flight: page.flight } : {}),
    };
    return { answer: { status: response.status, headers: response.headers, text, json }, row };
  }
}

function encodeBody(body: Record<string, unknown> | undefined, spec: RequestSpec, headers: Record<string, string>): BodyInit | undefined {
  if (spec.rawBody !== undefined) return spec.rawBody;
  if (!body && !spec.files) return undefined;
  const fields = Object.entries(body ?? {});
  if (spec.encoding === "form") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    return new URLSearchParams(fields.map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString();
  }
  if (spec.encoding === "multipart" || spec.files) {
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
    for (const [field, file] of Object.entries(spec.files ?? {})) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return form;
  }
  headers["content-type"] = "application/json";
  return JSON.stringify(body);
}
