import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/api-error";
import { errorEnvelope, successEnvelope, type ApiFamily } from "@/lib/api/envelope";
import { consumeRateLimit, readClientAddress } from "@/lib/api/rate-limit";
import { readParams } from "@/lib/api/read-params";
import { findActiveApiKey } from "@/lib/auth/api-keys";
import { touchLastSeen } from "@/lib/db/presence";
import { readBearerToken, verifyUserToken } from "@/lib/auth/tokens";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";

export interface Viewer {
  id: number;
  tokenId: string;
}

export interface EndpointContext<P> {
  params: P;
  family: ApiFamily;
  request: Request;
  apiKeyId: number;
  viewer: Viewer | null;
}

export interface EndpointOptions<S extends z.ZodType = z.ZodType> {
  /** "user": a token is required; "optional": a token, when sent, personalises the answer. */
  auth: "none" | "optional" | "user";
  params: S;
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;
/** The handlers of both families, and the options the OpenAPI document is generated from. */
export type Endpoint = Record<ApiFamily, RouteHandler> & { options: EndpointOptions };
type EndpointFn<P, R> = (ctx: EndpointContext<P> & { viewer: Viewer }) => Promise<R>;
type OptionalViewerFn<P, R> = (ctx: EndpointContext<P>) => Promise<R>;

function describeZodError(error: z.ZodError, raw: Record<string, unknown>): string {
  const issue = error.issues[0];
  if (!issue) return "invalid parameters";
  const where = issue.path.length > 0 ? issue.path.join(".") : "parameters";
  const top = issue.path[0];
  const missing = typeof top === "string" && (raw[top] === undefined || raw[top] === null || raw[top] === "");
  if (missing && issue.path.length === 1) return `${where}: is required`;
  return `${where}: ${issue.message}`;
}

function prismaCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^P\d{4}$/.test(code) ? code : undefined;
}

function toApiError(error: unknown, raw: Record<string, unknown>): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) return new ApiError(40000, describeZodError(error, raw));
  switch (prismaCode(error)) {
    case "P2025":
      return new ApiError(40400, "Not found");
    case "P2002":
      return new ApiError(40900, "Already taken");
    default:
      return null;
  }
}

function readApiKey(request: Request, params: Record<string, unknown>): string | null {
  const fromParam = typeof params.api_key === "string" ? params.api_key : null;
  const key = request.headers.get("api_key") ?? request.headers.get("svc-api-key") ?? request.headers.get("api-key") ?? fromParam;
  return key && key.trim() !== "" ? key.trim() : null;
}

async function authenticate(request: Request, raw: Record<string, unknown>, auth: EndpointOptions<z.ZodType>["auth"]) {
  const key = readApiKey(request, raw);
  if (!key) throw new ApiError(40100);
  const apiKey = await findActiveApiKey(key);
  if (!apiKey) throw new ApiError(40101);
  await consumeRateLimit(`${apiKey.id}:${readClientAddress(request.headers)}`);

  const token = auth === "none" ? null : readBearerToken(request.headers.get("authorization"));
  if (!token) {
    if (auth === "user") throw new ApiError(40102);
    return { apiKeyId: apiKey.id, viewer: null };
  }
  // A token that was sent but is bad is an error even on reads: the client must learn it expired.
  const verified = await verifyUserToken(token);
  if (!verified) throw new ApiError(40103);
  await touchLastSeen(verified.userId);
  return { apiKeyId: apiKey.id, viewer: { id: verified.userId, tokenId: verified.tokenId } };
}

function respond(family: ApiFamily, status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

function buildHandler<S extends z.ZodType, R>(
  family: ApiFamily,
  options: EndpointOptions<S>,
  fn: OptionalViewerFn<z.infer<S>, R>,
): RouteHandler {
  return async (request, context) => {
    const started = performance.now();
    let status = 200;
    let raw: Record<string, unknown> = {};
    try {
      const pathParams = Object.fromEntries(
        // Routes without dynamic segments get no params object at all.
        Object.entries((await context?.params) ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
      raw = await readParams(request, pathParams, getEnv().AGORA_MAX_BODY_BYTES);
      const { apiKeyId, viewer } = await authenticate(request, raw, options.auth);
      const params = options.params.parse(raw) as z.infer<S>;
      const data = await fn({ params, family, request, apiKeyId, viewer });
      return respond(family, status, successEnvelope(family, data));
    } catch (error) {
      const apiError = toApiError(error, raw);
      if (apiError) {
        status = apiError.status;
        return respond(family, status, errorEnvelope(family, apiError.code, apiError.message), apiError.headers);
      }
      status = 500;
      logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled API error");
      return respond(family, status, errorEnvelope(family, 50000, "Internal server error"));
    } finally {
      logger.debug(
        { method: request.method, path: new URL(request.url).pathname, status, ms: Math.round(performance.now() - started) },
        "api request",
      );
    }
  };
}

/**
 * One endpoint, served in either family: the wrapper checks the key and token, reads and
 * validates parameters, and maps every outcome to the envelope. `fn` sees only valid input.
 */
export function defineEndpoint<S extends z.ZodType, R>(
  options: EndpointOptions<S> & { auth: "user" },
  fn: EndpointFn<z.infer<S>, R>,
): Endpoint;
export function defineEndpoint<S extends z.ZodType, R>(
  options: EndpointOptions<S>,
  fn: OptionalViewerFn<z.infer<S>, R>,
): Endpoint;
export function defineEndpoint<S extends z.ZodType, R>(
  options: EndpointOptions<S>,
  fn: OptionalViewerFn<z.infer<S>, R> | EndpointFn<z.infer<S>, R>,
) {
  // With auth "user" the wrapper has already refused requests without a viewer.
  const handler = fn as OptionalViewerFn<z.infer<S>, R>;
  return { api: buildHandler("api", options, handler), v2: buildHandler("v2", options, handler), options };
}
