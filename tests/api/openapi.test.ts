import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

type Document = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

// Route folders that are not part of the two API families.
const NOT_API = new Set(["/api", "/api/health", "/api/openapi.json", "/api/{path}", "/api/auth/{nextauth}"]);

function listRoutes(dir: string, prefix: string): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const segment = entry.name.replace(/^\[\.\.\.(\w+)\]$/, "{$1}").replace(/^\[(\w+)\]$/, "{$1}");
      routes.push(...listRoutes(full, `${prefix}/${segment}`));
    } else if (entry.name === "route.ts") {
      const source = fs.readFileSync(full, "utf8");
      // Route files hand their handlers to serveMethods({ GET: ..., POST: ... }).
      const served = /serveMethods\(\{([^}]*)\}\)/.exec(source)?.[1] ?? "";
      const methods = [...served.matchAll(/\b(GET|POST):/g)].map((match) => match[1]!.toLowerCase());
      routes.push({ path: prefix, methods });
    }
  }
  return routes;
}

describe("GET /api/openapi.json", () => {
  it("describes every endpoint of both families in OpenAPI 3.1", async () => {
    const response = await fetch(`${inject("baseUrl")}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
    const routes = listRoutes("app/api", "/api").filter((route) => !NOT_API.has(route.path));
    expect(routes.length).toBeGreaterThanOrEqual(18);
    for (const route of routes) {
      expect(route.methods.length, `methods of ${route.path}`).toBeGreaterThan(0);
      for (const method of route.methods) {
        expect(document.paths[route.path]?.[method], `${method} ${route.path}`).toBeDefined();
      }
    }
  });

  it("takes parameter rules from the handlers' own schemas", async () => {
    const document = (await (await fetch(`${inject("baseUrl")}/api/openapi.json`)).json()) as Document;
    const getThread = document.paths["/api/get_thread/{thread_id}"]!.get as { parameters: { name: string; required: boolean; schema: Record<string, unknown> }[] };
    const byName = Object.fromEntries(getThread.parameters.map((parameter) => [parameter.name, parameter]));
    expect(byName.group_name?.required).toBe(true);
    expect(byName.page_size?.schema).toMatchObject({ maximum: 100, default: 10 });
    expect(byName.sort?.schema).toMatchObject({ default: "new" });
    const success = JSON.stringify((document.paths["/api/v2/groups/{group_id}"]!.get as { responses: Record<string, unknown> }).responses["200"]);
    expect(success).toContain("online_members");
  });

  it("is rendered for people at /docs/api", async () => {
    const response = await fetch(`${inject("baseUrl")}/docs/api`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("/api/get_thread/{thread_id}");
    expect(html).toContain("/api/v2/purse/register");
  });
});
