// @agora/client: a typed client for the Agora forum API.
// Every path, parameter and response type comes from src/schema.d.ts, which is generated from the
// server's own endpoint declarations (`npm run generate -w @agora/client`).
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths };

// ---------------------------------------------------------------------------------------------
// Types derived from the document

type HttpMethod = "get" | "post";

type JsonSuccess<Operation> = Operation extends { responses: { 200: { content: { "application/json": infer Body } } } } ? Body : never;

/** Paths that accept `method`. */
export type PathsWithMethod<M extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/** The whole success envelope `{status, code, description, server, data}` of an operation. */
export type SuccessEnvelope<P extends PathsWithMethod<M>, M extends HttpMethod> = JsonSuccess<paths[P][M]>;

/** The `data` of an operation's success envelope: what `unwrap` returns. */
export type ResponseData<P extends PathsWithMethod<M>, M extends HttpMethod> = SuccessEnvelope<P, M> extends { data: infer Data } ? Data : never;

/** A thread as the group and category listings return it. */
export type ThreadListItem = ResponseData<"/api/v2/groups/{group_id}/threads", "get">["threads"][number];

/** The full thread record of get_thread and thread create. */
export type Thread = ResponseData<"/api/get_thread/{thread_id}", "get">["thread"];

/** The user that wallet login or wallet register answers with. */
export type SignedInUser = ResponseData<"/api/wallet/login", "post">["user"] | ResponseData<"/api/wallet/register", "post">["user"];

/** Every answer, success or failure, has this shape (contract section 5). */
export interface Envelope<Data = unknown> {
  status: boolean;
  /** A number in the `/api` family, the same digits as a string in `/api/v2`. */
  code: number | string;
  description: string;
  server: string;
  data: Data;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** `METHOD /path` of the request behind each response a client received, for error messages. */
const requests = new WeakMap<Response, string>();

function describeRequest(method: string, url: string): string {
  try {
    return `${method} ${new URL(url).pathname}`;
  } catch {
    return `${method} ${url}`;
  }
}

/** A call that did not succeed: the HTTP status and the envelope's `code` and `description`. */
export class AgoraApiError extends Error {
  /** HTTP status, e.g. 404. */
  readonly status: number;
  /** The envelope's code as sent: `40400` in `/api`, `"40400"` in `/api/v2`; undefined if the body was no envelope. */
  readonly code: number | string | undefined;
  /** The envelope's human-readable reason (or the start of a body that was not an envelope). */
  readonly description: string;
  /** The request, as `METHOD /path` (never the query string). */
  readonly request: string;
  /** The parsed response body. */
  readonly body: unknown;

  constructor(init: { status: number; code?: number | string; description: string; request: string; body?: unknown }) {
    super(`${init.request} failed: HTTP ${init.status}${init.code === undefined ? "" : `, code ${init.code}`}: ${init.description}`);
    this.name = "AgoraApiError";
    this.status = init.status;
    this.code = init.code;
    this.description = init.description;
    this.request = init.request;
    this.body = init.body;
  }

  /** The code as a number in both families (`"40400"` → 40400). */
  get numericCode(): number | undefined {
    return this.code === undefined ? undefined : Number(this.code);
  }

  /** The error for a failed answer; `body` is the parsed envelope (or the text that was not one). */
  static fromResponse(response: Response, body: unknown): AgoraApiError {
    const envelope = typeof body === "object" && body !== null ? (body as Partial<Envelope>) : undefined;
    const code = typeof envelope?.code === "number" || typeof envelope?.code === "string" ? envelope.code : undefined;
    const description =
      typeof envelope?.description === "string"
        ? envelope.description
        : typeof body === "string" && body.length > 0
          ? body.slice(0, 300)
          : response.statusText || "no description";
    const request = requests.get(response) ?? describeRequest("?", response.url);
    return new AgoraApiError({ status: response.status, code, description, request, body });
  }
}

// ---------------------------------------------------------------------------------------------
// The client

export interface AgoraClientOptions {
  /** The server's origin, e.g. `https://forum.example.org` (documented paths start with `/api`). */
  baseUrl: string;
  /** An API key from the operator; sent as header `api_key` on every call. */
  apiKey: string;
  /** A user token (`api_token` from wallet login or register), for calls that act as a user. */
  token?: string;
  /** A fetch to use instead of `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** openapi-fetch's typed client (`GET`, `POST`, … on the documented paths), plus its own options. */
export type AgoraClient = Client<paths, "application/json"> & {
  readonly options: Readonly<AgoraClientOptions>;
  /** The same client acting as another user (or as nobody, with `undefined`). */
  withToken(token: string | undefined): AgoraClient;
};

function credentials(apiKey: string, token: string | undefined): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set("api_key", apiKey);
      if (token) request.headers.set("authorization", `Bearer ${token}`);
      return request;
    },
    onResponse({ request, response }) {
      requests.set(response, describeRequest(request.method, request.url));
    },
  };
}

export function createAgoraClient(options: AgoraClientOptions): AgoraClient {
  const frozen = Object.freeze({ ...options });
  const client = createClient<paths, "application/json">({
    baseUrl: frozen.baseUrl,
    ...(frozen.fetch ? { fetch: frozen.fetch } : {}),
  });
  client.use(credentials(frozen.apiKey, frozen.token));
  return Object.assign(client, {
    options: frozen,
    withToken: (token: string | undefined) => createAgoraClient({ ...frozen, token }),
  });
}

// ---------------------------------------------------------------------------------------------
// unwrap

/** What every openapi-fetch call resolves to. */
export interface FetchResult<Body> {
  data?: Body;
  error?: unknown;
  response: Response;
}

/**
 * The `data` of a successful envelope, or an `AgoraApiError` carrying the HTTP status, `code` and
 * `description`. Takes the call's promise or its result:
 * `const { group } = await unwrap(client.GET("/api/v2/groups/{group_id}", { params: { path: { group_id: 1 } } }))`.
 */
export async function unwrap<Body extends { data: unknown }>(result: FetchResult<Body> | PromiseLike<FetchResult<Body>>): Promise<Body["data"]> {
  const { data, error, response } = await result;
  if (response.ok && error === undefined && data !== undefined && (data as Partial<Envelope>).status !== false) {
    return data.data;
  }
  throw AgoraApiError.fromResponse(response, error ?? data);
}

// ---------------------------------------------------------------------------------------------
// Wallet sign-in (contract section 6)

/** 5 EVM; 1 and 2 chain-A (same key kind as EVM); 3 permaweb. Type 4 (web wallet) signs nothing. */
export type SigningWalletType = 1 | 2 | 3 | 5;

export interface WalletSignInOptions {
  /** What the server calls `web3_public_key`: the 0x address (any case) or, for type 3, the RSA modulus (JWK `n`). */
  address: string;
  /** Defaults to 5 (EVM). */
  walletType?: SigningWalletType;
  /** Signs the server's message: EIP-191 `personal_sign` for EVM-style wallets, RSA-PSS for permaweb. */
  sign: (message: string) => Promise<string> | string;
  /** Register a new account with this username (if the wallet is already registered, this logs in). */
  username?: string;
  /** Avatar URL for a new account. */
  photoUrl?: string;
}

export interface WalletSession {
  /** The user token (`api_token`). */
  token: string;
  user: SignedInUser;
  /** A client like the one passed in, carrying the token. */
  client: AgoraClient;
}

/** nonce → sign the issued EIP-4361 message (purpose sign_in) → wallet login (or register, with a username). */
export async function signInWithWallet(client: AgoraClient, options: WalletSignInOptions): Promise<WalletSession> {
  const walletType = options.walletType ?? 5;
  const { message } = await unwrap(
    client.GET("/api/wallet/nonce", { params: { query: { web3_public_key: options.address, wallet_type: walletType, purpose: "sign_in" } } }),
  );
  const proof = {
    web3_public_key: options.address,
    wallet_type: walletType,
    signMsg: message,
    sign: await options.sign(message),
  };
  const data =
    options.username === undefined
      ? await unwrap(client.POST("/api/wallet/login", { body: proof }))
      : await unwrap(
          client.POST("/api/wallet/register", {
            body: { ...proof, username: options.username, photo_url: options.photoUrl ?? "" },
          }),
        );
  return { token: data.api_token, user: data.user, client: client.withToken(data.api_token) };
}

// ---------------------------------------------------------------------------------------------
// Paging

export interface PageRequest {
  /** 1-based. */
  page: number;
  per_page: number;
}

export interface PaginateOptions {
  /** Items asked for per page (default 20; the server allows 1–100). */
  perPage?: number;
  /** Stop after this many pages even if they are full. */
  maxPages?: number;
}

/**
 * Walks `page = 1, 2, …` and yields each item, until a page comes back shorter than `perPage`.
 * `fetchPage` gets `{page, per_page}` and returns that page's items, e.g.
 * `({ page, per_page }) => unwrap(client.GET(path, { params: { query: { page, per_page } } })).then((d) => d.threads)`.
 */
export async function* paginate<Item>(
  fetchPage: (request: PageRequest) => Promise<readonly Item[]> | readonly Item[],
  options: PaginateOptions = {},
): AsyncGenerator<Item, void, undefined> {
  const perPage = options.perPage ?? 20;
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError(`perPage must be a positive integer, not ${perPage}`);
  for (let page = 1; options.maxPages === undefined || page <= options.maxPages; page++) {
    const items = await fetchPage({ page, per_page: perPage });
    yield* items;
    if (items.length < perPage) return;
  }
}

export interface GroupThreadsOptions extends PaginateOptions {
  /** `old` (default, stable while threads are added) or `new`. */
  sort?: "old" | "new";
  /** Only this category's threads. */
  categoryId?: number;
}

/** Every thread of a group, page by page (`GET /api/v2/groups/{group_id}/threads`). */
export function iterateGroupThreads(client: AgoraClient, groupId: number, options: GroupThreadsOptions = {}): AsyncGenerator<ThreadListItem, void, undefined> {
  const { sort, categoryId, ...paging } = options;
  return paginate(async ({ page, per_page }) => {
    const query = { page, per_page, ...(sort ? { sort } : {}), ...(categoryId === undefined ? {} : { category_id: categoryId }) };
    const { threads } = await unwrap(client.GET("/api/v2/groups/{group_id}/threads", { params: { path: { group_id: groupId }, query } }));
    return threads;
  }, paging);
}
