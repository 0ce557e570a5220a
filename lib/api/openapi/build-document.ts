import "server-only";
import { z } from "zod";
import { methodsOf, type EndpointSpec } from "@/lib/api/define-endpoint";
import { ERROR_CODES } from "@/lib/api/error-codes";
import type { ApiFamily } from "@/lib/api/envelope";

interface Operation {
  method: "get" | "post";
  spec: EndpointSpec;
}

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function envelopeSchema(family: ApiFamily, data: JsonSchema, success: boolean): JsonSchema {
  const code = family === "v2" ? { type: "string", pattern: "^\\d{5}$" } : { type: "integer" };
  return {
    type: "object",
    required: ["status", "code", "description", "server", "data"],
    properties: {
      status: { type: "boolean", const: success },
      code: success ? { ...code, examples: [family === "v2" ? "20000" : 20000] } : code,
      description: { type: "string" },
      server: { type: "string", const: "rest" },
      data,
    },
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

const NUMBERS_AS_STRINGS = "Numbers may also be sent as strings.";

function buildOperation({ method, spec }: Operation): JsonSchema {
  const pathNames = new Set([...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
  const fields = paramFields(spec);
  const parameters: JsonSchema[] = [];
  const bodyProperties: Record<string, JsonSchema> = {};
  const bodyRequired: string[] = [];
  for (const [name, field] of fields) {
    const schema = toSchema(field);
    if (pathNames.has(name)) {
      parameters.push({ name, in: "path", required: true, schema });
    } else if (method === "get") {
      parameters.push({ name, in: "query", required: isRequired(field), schema, description: NUMBERS_AS_STRINGS });
    } else {
      bodyProperties[name] = schema;
      if (isRequired(field)) bodyRequired.push(name);
    }
  }
  const security: JsonSchema[] = [{ apiKeyHeader: [] }, { svcApiKeyHeader: [] }, { apiKeyQuery: [] }];
  if (spec.auth === "user") security.forEach((entry) => (entry.userToken = []));
  const errorResponse = (description: string) => ({
    description,
    content: { "application/json": { schema: envelopeSchema(spec.family, { type: "object", maxProperties: 0 }, false) } },
  });
  const body = { type: "object", properties: bodyProperties, required: bodyRequired };
  return {
    summary: spec.summary,
    tags: [spec.tag],
    operationId: `${spec.family}_${method}_${spec.path.replace(/[^a-z0-9]+/gi, "_")}`,
    parameters,
    ...(method === "post"
      ? {
          requestBody: {
            description: `Parameters may also travel in the query string. ${NUMBERS_AS_STRINGS}`,
            content: {
              "application/json": { schema: body },
              "application/x-www-form-urlencoded": { schema: body },
              "multipart/form-data": { schema: body },
            },
          },
        }
      : {}),
    security,
    responses: {
      200: {
        description: "Success",
        content: { "application/json": { schema: envelopeSchema(spec.family, toSchema(spec.response), true) } },
      },
      ...Object.fromEntries(
        Object.entries(ERROR_CODES).map(([code, info]) => [code.slice(0, 3), errorResponse(info.description)]),
      ),
    },
  };
}

/** An OpenAPI 3.1 document of both families, built from the schemas the handlers validate with. */
export function buildOpenApiDocument(specs: readonly EndpointSpec[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of specs) {
    for (const method of methodsOf(spec)) {
      const lower = method === "GET" ? "get" : "post";
      (paths[spec.path] ??= {})[lower] = buildOperation({ method: lower, spec });
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Agora forum API",
      version: "2.0.0",
      description:
        "Two families share one envelope: `/api` (codes are numbers) and `/api/v2` (codes are strings). " +
        "Every call needs an API key; calls that act as a user also need `authorization: Bearer <api_token>`.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        apiKeyHeader: { type: "apiKey", in: "header", name: "api_key" },
        svcApiKeyHeader: { type: "apiKey", in: "header", name: "svc-api-key" },
        apiKeyQuery: { type: "apiKey", in: "query", name: "api_key" },
        userToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
    },
  };
}
