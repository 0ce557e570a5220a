import fs from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { inject } from "vitest";

// Every answer the API tests receive through `call` is checked against the served OpenAPI
// document: its status must be one the operation documents, and its body must fit that
// response's schema. A mismatch fails the test that received the answer.

type Document = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };

interface Route {
  template: string;
  pattern: RegExp;
  literals: number;
}

let loaded: Promise<{ document: Document; routes: Route[]; ajv: Ajv2020 }> | undefined;
const validators = new Map<string, ValidateFunction>();
let validated = 0;

function escapePointer(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

async function load() {
  const response = await fetch(`${inject("baseUrl")}/api/openapi.json`);
  const document = (await response.json()) as Document;
  // The whole document is one schema resource, so "#/components/schemas/..." refs resolve inside it.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ ...document, $id: "openapi.json" });
  const routes = Object.keys(document.paths).map((template) => {
    const segments = template.split("/");
    const pattern = new RegExp(
      `^${segments.map((segment) => (/^\{\w+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}$`,
    );
    return { template, pattern, literals: segments.filter((segment) => !segment.startsWith("{")).length };
  });
  // Where a literal path and a templated one both match, the literal one is the operation (OpenAPI 3.1).
  routes.sort((a, b) => b.literals - a.literals);
  return { document, routes, ajv };
}

/** Checks one answer; throws (failing the test) when the document does not describe it. */
export async function validateAgainstDocument(method: string, url: URL, status: number, body: unknown): Promise<void> {
  loaded ??= load();
  const { document, routes, ajv } = await loaded;
  const route = routes.find((candidate) => candidate.pattern.test(url.pathname));
  const operation = route ? document.paths[route.template]?.[method.toLowerCase()] : undefined;
  // Paths and methods off the document (404, 405 answers of the router) have nothing to check against.
  if (!route || !operation) return;
  const where = `${method} ${route.template} → ${status}`;
  const documented = operation.responses[String(status)];
  if (!documented) throw new Error(`${where}: the OpenAPI document does not list this status (it lists ${Object.keys(operation.responses).join(", ")})`);
  if (documented.content?.["application/json"]) {
    const pointer = `openapi.json#/paths/${escapePointer(route.template)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: pointer });
      validators.set(pointer, validate);
    }
    if (!validate(body)) {
      const problems = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || "(body)"} ${error.message}`);
      throw new Error(`${where}: the body does not match the OpenAPI document: ${problems.join("; ")}`);
    }
  }
  validated += 1;
}

/** How many answers this test file validated, added to the run's tally (the global teardown prints the sum). */
export function recordValidatedCount(): void {
  if (validated === 0) return;
  const file = path.join(inject("dataDir"), "openapi-validated.txt");
  fs.appendFileSync(file, `${validated}\n`);
  validated = 0;
}
