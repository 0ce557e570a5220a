import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

type Document = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

// Route folders that are not part of the two API families.
const NOT_API = new Set(["/api", "/api/health", "/api/openapi.json", "/api/{path}", "/api/auth/{nextauth}"]);

interface RouteFile {
  path: string;
  /** The path the file asks the route table for: serveRoute("..."), or null for other route files. */
  served: string | null;
}

function listRoutes(dir: string, prefix: string): RouteFile[] {
  const routes: RouteFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const segment = entry.name.replace(/^\[\.\.\.(\w+)\]$/, "{$1}").replace(/^\[(\w+)\]$/, "{$1}");
      routes.push(...listRoutes(full, `${prefix}/${segment}`));
    } else if (entry.name === "route.ts") {
      const source = fs.readFileSync(full, "utf8");
      // API route files are one line: serveRoute("<the path of the endpoints they serve>").
      routes.push({ path: prefix, served: /serveRoute\("([^"]+)"\)/.exec(source)?.[1] ?? null });
    }
  }
  return routes;
}

describe("GET /api/openapi.json", () => {
  it("describes every endpoint of both families in OpenAPI 3.1, each served by the route file at its path", async () => {
    const response = await fetch(`${inject("baseUrl")}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
    const routes = listRoutes("app/api", "/api").filter((route) => !NOT_API.has(route.path));
    expect(routes.length).toBeGreaterThanOrEqual(18);
    // Every route folder asks the route table for its own path, and the document has that path.
    for (const route of routes) {
      expect(route.served, `route file of ${route.path}`).toBe(route.path);
      expect(Object.keys(document.paths[route.path] ?? {}).length, route.path).toBeGreaterThan(0);
    }
    // Every documented path has its route folder: nothing is declared that no URL serves.
    expect(Object.keys(document.paths).sort()).toEqual(routes.map((route) => route.path).sort());
    expect(Object.keys(document.paths["/api/me"]!).sort()).toEqual(["get", "post"]);
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
