import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError } from "@/lib/api/api-error";
import { errorEnvelope, successEnvelope, type ApiFamily } from "@/lib/api/envelope";
import { toApiError } from "@/lib/api/error-map";
import { mergeParams, readBodyParams, readQueryParams, type RawParams } from "@/lib/api/read-params";
import type { UploadedFile } from "@/lib/schemas/upload-schemas";
import type { RouteContext } from "@/lib/api/route-methods";
import { findActiveApiKey } from "@/lib/auth/api-keys";
import { readBearerToken, verifyUserToken } from "@/lib/auth/tokens";
import { touchLastSeen } from "@/lib/db/presence";
import { withReadRouting, type RoutingSubjects } from "@/lib/db/engine/read-routing";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { readClientAddress } from "@/lib/http/client-address";
import { readUploadBody } from "@/lib/http/read-upload";
import { consumeBudget, rateLimitHeaders, type RateBudget } from "@/lib/rate-limit";
import { answerWith, renderBody, type RenderedBody } from "@/lib/api/success-answer";
import { encodeEventStream, EVENT_STREAM_HEADERS, type StreamFeed } from "@/lib/http/event-stream";
import { guestAnswer, guestAnswerKey } from "@/lib/api/guest-answers";
import { readerAnswer, ReaderVersioned } from "@/lib/api/reader-answers";
import { countingQueries } from "@/lib/api/counting-queries";

export type HttpMethod = "GET" | "POST";
/** "user": a token is required; "optional": a token, when sent, personalises the answer; "none": tokens are ignored. */
export type EndpointAuth = "none" | "optional" | "user";

/** The person a token speaks for. */
export interface ApiViewer {
  id: number;
  tokenId: string;
}

/** Everything the route table and the OpenAPI document know of an endpoint. */
export interface EndpointSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, A extends EndpointAuth = EndpointAuth> {
  method: HttpMethod | readonly HttpMethod[];
  /** The OpenAPI path, e.g. "/api/v2/groups/{group_id}": the route table serves the endpoint there. */
  path: string;
  family: ApiFamily;
  auth: A;
  summary: string;
  tag: string;
  params: P;
  /** The schema of the envelope's `data`: the handler's result is typed against it. */
  response: R;
  /** For a paged listing (page, per_page): the field of `data` that holds the page's items, for the `Link` header. */
  listKey?: string;
  /** Failures beyond those every endpoint can answer (see lib/api/openapi/operation-errors.ts). */
  errors?: readonly ("not_found" | "conflict" | "forbidden" | "unauthenticated" | "sign_in_required")[];
  /** The `data` of this operation's 409 answer, where the contract puts something there (a draft's stored copy). */
  conflictData?: z.ZodType;
  /**
   * For a read whose answer to a reader without a token depends only on its parameters: the
   * version of the data it shows (null: do not keep this one). Such answers are kept and
   * answered again while the version is unchanged (lib/api/guest-answers.ts).
   */
  guestVersion?: (params: z.output<P>) => Promise<string | null>;
  /** "signIn": wallet nonce, login and register also spend the client address's sign-in budget (instead of writes). */
  budget?: "signIn";
  /** Answers text/event-stream (defineStreamEndpoint); `response` then describes one event's data. */
  stream?: boolean;
  /**
   * An upload (contract section 15): the body is multipart only, streamed through
   * lib/http/read-upload.ts with AGORA_UPLOAD_MAX_BYTES as its bound, and this field holds the
   * file. Its API key travels in a header or the query string (the body is not searched for it).
   */
  fileField?: string;
}

export interface EndpointContext<P, A extends EndpointAuth> {
  params: P;
  viewer: A extends "user" ? ApiViewer : ApiViewer | null;
  request: Request;
  /** Who is calling, as rate limits count it (API key and client address). */
  client: string;
}

export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export interface Endpoint {
  spec: EndpointSpec;
  handler: RouteHandler;
}

function readApiKey(request: Request, params: RawParams): string | null {
  const fromParam = typeof params.api_key === "string" ? params.api_key : null;
  const key = request.headers.get("api_key") ?? request.headers.get("svc-api-key") ?? request.headers.get("api-key") ?? fromParam;
  return key && key.trim() !== "" ? key.trim() : null;
}

interface Caller {
  viewer: ApiViewer | null;
  budget: RateBudget | null;
  client: string;
}

/**
 * The API key from a header or the query string; only a request with no key there has its body
 * read (bounded) to look for `api_key` in it, and that body is handed on so it is read once.
 */
async function findApiKey(request: Request, query: RawParams, spec: EndpointSpec): Promise<{ key: string | null; body: RawParams | null }> {
  const key = readApiKey(request, query);
  if (key || spec.fileField) return { key, body: null };
  const body = await readBodyParams(request, getEnv().AGORA_MAX_BODY_BYTES);
  return { key: readApiKey(request, body), body };
}

/** Missing and unknown keys spend the client address's badKeys budget, so guessing keys is slow. */
async function checkApiKey(key: string | null, address: string): Promise<number> {
  const apiKey = key ? await findActiveApiKey(key) : null;
  if (apiKey) return apiKey.id;
  await consumeBudget("badKeys", `addr:${address}`);
  throw new ApiError(key ? 40101 : 40100);
}

async function identifyViewer(request: Request, auth: EndpointAuth): Promise<ApiViewer | null> {
  const token = auth === "none" ? null : readBearerToken(request.headers.get("authorization"));
  if (!token) {
    if (auth === "user") throw new ApiError(40102);
    return null;
  }
  // A token that was sent but is bad is an error even on reads: the client must learn it expired.
  const verified = await verifyUserToken(token);
  if (!verified) throw new ApiError(40103);
  await touchLastSeen(verified.userId);
  return { id: verified.userId, tokenId: verified.tokenId };
}

/**
 * The budgets a request spends. General (and writes) per API key and user when a token speaks
 * for one, so one busy user cannot starve an app's other users; per API key and client address
 * otherwise. Sign-in steps spend the address's sign-in budget instead of writes.
 */
async function spendBudgets(spec: EndpointSpec, request: Request, apiKeyId: number, viewer: ApiViewer | null, address: string): Promise<Caller> {
  const client = `key:${apiKeyId}:addr:${address}`;
  const subject = viewer ? `key:${apiKeyId}:user:${viewer.id}` : client;
  const budget = await consumeBudget("general", subject);
  if (spec.budget === "signIn") await consumeBudget("signIn", `addr:${address}`);
  else if (request.method === "POST" && !methodsOf(spec).includes("GET")) await consumeBudget("writes", subject);
  return { viewer, budget, client };
}

/** The body's parameters, and for an upload its file, each read within its own bound. */
async function readBody(request: Request, spec: EndpointSpec, alreadyRead: RawParams | null): Promise<{ body: RawParams; file: UploadedFile | null }> {
  if (spec.fileField) {
    const { fields, file } = await readUploadBody(request, getEnv().AGORA_UPLOAD_MAX_BYTES, spec.fileField);
    return { body: fields, file };
  }
  return { body: alreadyRead ?? (await readBodyParams(request, getEnv().AGORA_MAX_BODY_BYTES)), file: null };
}

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** A client's own request id when it sent a sane one (so its logs and ours line up), else a new one. */
function readRequestId(request: Request): string {
  const sent = request.headers.get("x-request-id");
  return sent && /^[\w.:-]{8,128}$/.test(sent) ? sent : randomUUID();
}

async function readPathParams(context: RouteContext | undefined): Promise<Record<string, string>> {
  // Routes without dynamic segments get no params object at all.
  const entries = Object.entries((await context?.params) ?? {});
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** What an endpoint's answer step gets once the request has passed every check. */
interface Checked<P, A extends EndpointAuth> {
  context: EndpointContext<P, A>;
  headers: Record<string, string>;
}

/**
 * Read-your-writes (contract section 16): after a write, that user and that API key read from the
 * primary until the replica has replayed it (a client app sees what its users just wrote, and a
 * login or register it just made). Other users on other keys are not held.
 */
function routingSubjects(apiKeyId: number, viewer: ApiViewer | null): RoutingSubjects {
  const subjects = viewer ? [`user:${viewer.id}`, `key:${apiKeyId}`] : [`key:${apiKeyId}`];
  return { read: subjects, write: subjects };
}

/**
 * One endpoint: the only try/catch of the API. It checks the key and token, spends the budgets,
 * reads and validates parameters, and only then hands valid input to `answer`; every failure,
 * whether the answer is JSON or a stream, is the family's envelope.
 */
function wrapEndpoint<P extends z.ZodType, A extends EndpointAuth>(
  spec: EndpointSpec<P, z.ZodType, A>,
  answer: (checked: Checked<z.output<P>, A>) => Promise<Response>,
): Endpoint {
  const { family } = spec;
  const handler: RouteHandler = async (request, context) => {
    const started = performance.now();
    const requestId = readRequestId(request);
    const path = new URL(request.url).pathname;
    let status = 200;
    let raw: Record<string, unknown> = {};
    let budgetHeaders: Record<string, string> = {};
    try {
      // Key, token and budgets are checked before the body is read: a request that will be
      // refused is refused without its body (which may be large, or never end) being read.
      const address = readClientAddress(request.headers);
      const query = readQueryParams(request);
      const found = await findApiKey(request, query, spec as unknown as EndpointSpec);
      const apiKeyId = await checkApiKey(found.key, address);
      const viewer = await identifyViewer(request, spec.auth);
      const { budget, client } = await spendBudgets(spec as unknown as EndpointSpec, request, apiKeyId, viewer, address);
      budgetHeaders = rateLimitHeaders(budget);
      const { body, file } = await readBody(request, spec as unknown as EndpointSpec, found.body);
      raw = mergeParams(query, body, await readPathParams(context));
      const params = spec.params.parse(spec.fileField ? { ...raw, [spec.fileField]: file ?? undefined } : raw) as z.output<P>;
      // With auth "user" identifyViewer has already refused requests without a viewer.
      const endpointContext = { params, viewer: viewer as EndpointContext<z.output<P>, A>["viewer"], request, client };
      // Stream endpoints read from the primary: their catch-up must not miss a just-written event.
      const checked = { context: endpointContext, headers: { ...budgetHeaders, "x-request-id": requestId } };
      // A write's reads run on the primary: what it checks must be what it then writes over.
      const routing = { writes: request.method !== "GET" && request.method !== "HEAD" };
      const { result: response, db } = spec.stream
        ? { result: await answer(checked), db: "primary" }
        : await withReadRouting(routingSubjects(apiKeyId, viewer), () => answer(checked), routing);
      response.headers.set("x-agora-db", db);
      status = response.status;
      return response;
    } catch (error) {
      const apiError = toApiError(error, raw);
      if (apiError) {
        status = apiError.status;
        return respond(status, errorEnvelope(family, apiError.code, apiError.message, apiError.data), {
          ...budgetHeaders,
          ...apiError.headers,
          "x-request-id": requestId,
        });
      }
      status = 500;
      logger.error({ err: error, requestId, method: request.method, path }, "unhandled API error");
      return respond(status, errorEnvelope(family, 50000, "Internal server error"), { "x-request-id": requestId });
    } finally {
      logger.debug({ requestId, method: request.method, path, status, ms: Math.round(performance.now() - started) }, "api request");
    }
  };
  return { spec: spec as unknown as EndpointSpec, handler: countingQueries(handler) };
}

/** An endpoint answering the family's JSON envelope (with ETag, Link and kept guest and reader answers). */
export function defineEndpoint<P extends z.ZodType, R extends z.ZodType, A extends EndpointAuth>(
  spec: EndpointSpec<P, R, A>,
  fn: (context: EndpointContext<z.output<P>, A>) => Promise<z.output<R> | ReaderVersioned<z.output<R>>>,
): Endpoint {
  return wrapEndpoint(spec, async ({ context, headers }) => {
    const { params, viewer, request } = context;
    const render = (data: z.output<R>) => renderBody(spec as unknown as EndpointSpec, successEnvelope(spec.family, data));
    const run = async () => {
      const result = await fn(context);
      if (!(result instanceof ReaderVersioned)) return render(result);
      if (viewer === null || request.method !== "GET") return render(await result.build());
      return readerAnswer(viewer.id, guestAnswerKey(spec.path, params), result.version, async () => render(await result.build()));
    };
    const rendered = viewer === null && request.method === "GET" && spec.guestVersion ? await runKept(spec, params, run) : await run();
    const answer = answerWith(request, params as Record<string, unknown>, rendered);
    return new Response(answer.body, { status: answer.status, headers: { ...answer.headers, ...headers } });
  });
}

/**
 * An endpoint answering `text/event-stream` (contract section 13): the same checks, budgets and
 * errors as every endpoint, all before the first byte; `fn` opens the feed of events (and may
 * still refuse, e.g. an unknown thread or too many open streams, with the envelope).
 */
export function defineStreamEndpoint<P extends z.ZodType, A extends EndpointAuth>(
  spec: Omit<EndpointSpec<P, z.ZodType, A>, "stream">,
  fn: (context: EndpointContext<z.output<P>, A>) => Promise<StreamFeed>,
): Endpoint {
  return wrapEndpoint({ ...spec, stream: true }, async ({ context, headers }) => {
    const feed = await fn(context);
    return new Response(encodeEventStream(feed, context.request.signal), { status: 200, headers: { ...EVENT_STREAM_HEADERS, ...headers } });
  });
}

/** A guest's answer from the kept ones when its data's version is unchanged, else computed and kept. */
async function runKept<P extends z.ZodType>(spec: EndpointSpec<P, z.ZodType, EndpointAuth>, params: z.output<P>, run: () => Promise<RenderedBody>) {
  // The version is read before the data: an answer is never kept under a version newer than its data.
  const version = await spec.guestVersion!(params);
  if (version === null) return run();
  return guestAnswer(guestAnswerKey(spec.path, params), version, run);
}

export function methodsOf(spec: EndpointSpec): readonly HttpMethod[] {
  return typeof spec.method === "string" ? [spec.method] : spec.method;
}
