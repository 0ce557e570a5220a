import "server-only";
import { z } from "zod";
import { methodsOf, type EndpointSpec } from "@/lib/api/define-endpoint";
import { ERROR_CODES, type ErrorCode } from "@/lib/api/error-codes";
import type { ApiFamily } from "@/lib/api/envelope";
import { typedClientSample } from "@/lib/api/openapi/code-samples";
import { BUDGET_HEADERS, COMMON_HEADERS, RESPONSE_HEADERS, TAG_DESCRIPTIONS } from "@/lib/api/openapi/document-text";
import { WALLET_TYPES, WalletTypeSchema } from "@/lib/schemas/wallet-types";
import { componentRegistry } from "@/lib/api/openapi/component-schemas";
import { operationErrorCodes } from "@/lib/api/openapi/operation-errors";
import { FileAttachmentsParamSchema, UploadedFileSchema } from "@/lib/schemas/upload-schemas";

type JsonSchema = Record<string, unknown>;

/** An endpoint declaration with the name it is exported under (the operationId). */
export interface NamedSpec {
  name: string;
  spec: EndpointSpec;
}

const COMPONENT_REF = "#/components/schemas/";

const WALLET_TYPE_VALUES = Object.values(WALLET_TYPES);
const SENT_SHAPES = new Map<z.ZodType, JsonSchema>([
  [UploadedFileSchema, { type: "string", format: "binary", description: "The file (a multipart part with a filename)." }],
  [
    FileAttachmentsParamSchema,
    {
      description: "Upload ids, comma-separated (at most 10), or one id.",
      anyOf: [
        { type: "string", pattern: "^\\d+(,\\d+)*$" },
        { type: "integer", minimum: 1 },
      ],
    },
  ],
  [
    WalletTypeSchema,
    {
      description: "1/2 chain-A, 3 permaweb, 4 web wallet, 5 EVM (contract section 6); a number or its string.",
      anyOf: [
        { type: "integer", enum: WALLET_TYPE_VALUES },
        { type: "string", enum: WALLET_TYPE_VALUES.map(String) },
      ],
    },
  ],
]);
const FAMILY_LABEL: Record<ApiFamily, string> = { api: "/api", v2: "/api/v2" };
const NUMBERS_AS_STRINGS = "Numbers may also be sent as strings.";

/**
 * Converts a zod schema to JSON Schema, with every registered shape replaced by a $ref into
 * components/schemas; the shapes it met are added to `components`.
 */
function toSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
    target: "draft-2020-12",
    metadata: componentRegistry,
    // Parameters parsed by a transform have no output shape of their own: say what clients send.
    override: (context) => {
      const sent = SENT_SHAPES.get(context.zodSchema as unknown as z.ZodType);
      if (sent) Object.assign(context.jsonSchema, sent);
    },
  }) as JsonSchema;
  const rewritten = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${COMPONENT_REF}`)) as JsonSchema;
  const defs = (rewritten.$defs ?? {}) as Record<string, JsonSchema>;
  for (const [name, def] of Object.entries(defs)) {
    delete def.id;
    components[name] ??= def;
  }
  delete rewritten.$defs;
  delete rewritten.$schema;
  // A response that is itself a named shape comes back as its own definition: keep it named.
  const id = rewritten.id;
  if (typeof id === "string") {
    delete rewritten.id;
    components[id] ??= rewritten;
    return { $ref: `${COMPONENT_REF}${id}` };
  }
  return rewritten;
}

function envelopeComponents(): Record<string, JsonSchema> {
  const envelope = (family: ApiFamily, success: boolean): JsonSchema => {
    const code = family === "v2" ? { type: "string", pattern: "^\\d{5}$" } : { type: "integer" };
    return {
      type: "object",
      description: success
        ? `The ${FAMILY_LABEL[family]} family's answer: status true, code ${family === "v2" ? '"20000"' : "20000"}, data the result.`
        : `The ${FAMILY_LABEL[family]} family's error: status false, the code of contract section 5, data empty.`,
      required: ["status", "code", "description", "server", "data"],
      properties: {
        status: { type: "boolean", const: success },
        code: success ? { ...code, const: family === "v2" ? "20000" : 20000 } : code,
        description: { type: "string" },
        server: { type: "string", const: "rest" },
        data: success ? { type: "object" } : { type: "object", maxProperties: 0 },
      },
    };
  };
  return { Envelope: envelope("api", true), EnvelopeV2: envelope("v2", true), Error: envelope("api", false), ErrorV2: envelope("v2", false) };
}

function successSchema(family: ApiFamily, data: JsonSchema): JsonSchema {
  return {
    allOf: [{ $ref: `${COMPONENT_REF}${family === "v2" ? "EnvelopeV2" : "Envelope"}` }, { type: "object", required: ["data"], properties: { data } }],
  };
}

function paramFields(spec: EndpointSpec): [string, z.ZodType][] {
  const params = spec.params;
  if (!(params instanceof z.ZodObject)) return [];
  return Object.entries(params.shape as Record<string, z.ZodType>).filter(([name]) => name !== "api_key");
}

function isRequired(field: z.ZodType): boolean {
  return !field.safeParse(undefined).success;
}

function tagName(spec: EndpointSpec): string {
  return `${spec.tag} (${FAMILY_LABEL[spec.family]})`;
}

/** A 409 whose `data` carries what the contract puts there (the stored draft), instead of nothing. */
function conflictSchema(spec: EndpointSpec, components: Record<string, JsonSchema>): JsonSchema {
  const code = spec.family === "v2" ? { type: "string", const: "40900" } : { type: "integer", const: 40900 };
  return {
    type: "object",
    required: ["status", "code", "description", "server", "data"],
    properties: {
      status: { type: "boolean", const: false },
      code,
      description: { type: "string" },
      server: { type: "string", const: "rest" },
      data: spec.conflictData ? toSchema(spec.conflictData, components) : { type: "object" },
    },
  };
}

function errorResponses(spec: EndpointSpec, method: "GET" | "POST", components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrorCodes(spec, method)) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const error = { $ref: `${COMPONENT_REF}${spec.family === "v2" ? "ErrorV2" : "Error"}` };
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((code) => `${code}: ${ERROR_CODES[code].description}`).join("; "),
        headers: status === 429 ? { ...COMMON_HEADERS, "Retry-After": { $ref: "#/components/headers/RetryAfter" }, ...BUDGET_HEADERS } : COMMON_HEADERS,
        content: { "application/json": { schema: status === 409 && spec.conflictData ? conflictSchema(spec, components) : error } },
      },
    ]),
  );
}

function buildOperation(name: string, method: "get" | "post", spec: EndpointSpec, components: Record<string, JsonSchema>): JsonSchema {
  const pathNames = [...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const parameters: JsonSchema[] = [];
  const bodyProperties: Record<string, JsonSchema> = {};
  const bodyRequired: string[] = [];
  const queryRequired: string[] = [];
  for (const [field, schema] of paramFields(spec)) {
    const json = toSchema(schema, components);
    if (pathNames.includes(field)) {
      parameters.push({ name: field, in: "path", required: true, schema: json, description: NUMBERS_AS_STRINGS });
    } else if (method === "get") {
      const required = isRequired(schema);
      if (required) queryRequired.push(field);
      parameters.push({ name: field, in: "query", required, schema: json });
    } else {
      bodyProperties[field] = json;
      if (isRequired(schema)) bodyRequired.push(field);
    }
  }
  const keyOnly = [{ apiKeyHeader: [] }, { svcApiKeyHeader: [] }, { apiKeyQuery: [] }];
  const withToken = keyOnly.map((entry) => ({ ...entry, userToken: [] }));
  const security = spec.auth === "user" ? withToken : spec.auth === "optional" ? [...keyOnly, ...withToken] : keyOnly;
  const body = { type: "object", properties: bodyProperties, required: bodyRequired };
  const success: JsonSchema = {
    description: "Success",
    headers: {
      ...COMMON_HEADERS,
      ...BUDGET_HEADERS,
      ...(method === "get" ? { ETag: { $ref: "#/components/headers/ETag" } } : {}),
      ...(spec.listKey ? { Link: { $ref: "#/components/headers/Link" } } : {}),
    },
    content: { "application/json": { schema: successSchema(spec.family, toSchema(spec.response, components)) } },
  };
  if (spec.stream) {
    // An event stream: no envelope, no ETag; each event's data is the response schema.
    success.headers = { ...COMMON_HEADERS, ...BUDGET_HEADERS };
    success.content = {
      "text/event-stream": {
        schema: { type: "string", description: "Server-sent events; each `data:` line is JSON of the x-event-data shape." },
        "x-event-data": toSchema(spec.response, components),
      },
    };
  }
  return {
    operationId: name.replace(/Endpoint$/, ""),
    summary: spec.summary,
    description: `${FAMILY_LABEL[spec.family]} family: codes are ${spec.family === "v2" ? "strings" : "numbers"}. ${spec.auth === "user" ? "Acts as the user of the token." : spec.auth === "optional" ? "A token, when sent, personalises the answer." : "Needs no user token."}`,
    tags: [tagName(spec)],
    parameters,
    ...(method === "post"
      ? {
          requestBody: {
            required: bodyRequired.length > 0,
            description: spec.fileField
              ? `A multipart/form-data body (streamed; larger than AGORA_UPLOAD_MAX_BYTES: 413). Send the API key in a header or the query string. ${NUMBERS_AS_STRINGS}`
              : `Parameters may also travel in the query string. ${NUMBERS_AS_STRINGS}`,
            content: spec.fileField
              ? { "multipart/form-data": { schema: body } }
              : {
                  "application/json": { schema: body },
                  "application/x-www-form-urlencoded": { schema: body },
                  "multipart/form-data": { schema: body },
                },
          },
        }
      : {}),
    security,
    responses: {
      200: success,
      ...(method === "get" && !spec.stream
        ? {
            304: {
              description: "Not modified: the If-None-Match ETag still matches.",
              headers: { ...COMMON_HEADERS, ETag: { $ref: "#/components/headers/ETag" } },
            },
          }
        : {}),
      ...errorResponses(spec, method === "get" ? "GET" : "POST", components),
    },
    "x-codeSamples": [
      typedClientSample({
        method,
        path: spec.path,
        pathParams: pathNames,
        required: method === "get" ? queryRequired : bodyRequired,
        userToken: spec.auth === "user",
      }),
    ],
  };
}

/**
 * The OpenAPI 3.1 document of both families, built from the endpoint declarations (the same
 * zod schemas the handlers validate with), so it cannot drift from what the server does.
 */
export function buildOpenApiDocument(endpoints: readonly NamedSpec[], serverUrl: string): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Map<string, { family: ApiFamily; tag: string }>();
  for (const { name, spec } of endpoints) {
    tags.set(tagName(spec), { family: spec.family, tag: spec.tag });
    for (const method of methodsOf(spec)) {
      const lower = method === "GET" ? "get" : "post";
      // An endpoint served on both methods gets one operationId per method.
      const operationName = methodsOf(spec).length > 1 ? `${name}${method === "GET" ? "" : "ByPost"}` : name;
      (paths[spec.path] ??= {})[lower] = buildOperation(operationName, lower, spec, components);
    }
  }
  const sortedTags = [...tags].sort(([a], [b]) => a.localeCompare(b));
  return {
    openapi: "3.1.0",
    info: {
      title: "Agora forum API",
      version: "2.0.0",
      description:
        "Two families share one envelope: `/api` (codes are numbers) and `/api/v2` (codes are strings). " +
        "Every call needs an API key (header `api_key`, header `svc-api-key` or parameter `api_key`); calls that act as a user " +
        "also need `authorization: Bearer <api_token>` from wallet login or register. Parameters travel in the query string, a JSON, " +
        "form or multipart body (the body wins over the query, the path over both).",
      license: { name: "MIT", identifier: "MIT" },
      contact: { name: "Agora", url: `${serverUrl.replace(/\/$/, "")}/docs/api` },
    },
    servers: [{ url: serverUrl, description: "This forum" }],
    tags: sortedTags.map(([name, { tag }]) => ({ name, description: TAG_DESCRIPTIONS[tag] ?? tag })),
    "x-tagGroups": (["api", "v2"] as const).map((family) => ({
      name: `${FAMILY_LABEL[family]} family`,
      tags: sortedTags.filter(([, value]) => value.family === family).map(([name]) => name),
    })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: { ...envelopeComponents(), ...Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))) },
      headers: RESPONSE_HEADERS,
      securitySchemes: {
        apiKeyHeader: { type: "apiKey", in: "header", name: "api_key", description: "The operator-issued API key (npm run apikey -- create)." },
        svcApiKeyHeader: { type: "apiKey", in: "header", name: "svc-api-key", description: "The same API key, in the header the reference names." },
        apiKeyQuery: { type: "apiKey", in: "query", name: "api_key", description: "The same API key, as a parameter." },
        userToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "api_token from wallet login or register." },
      },
    },
  };
}
