import { describe, expect, inject, it } from "vitest";

type Document = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };

// A documented path with every parameter filled in, as a client would call it.
const fill = (path: string) => path.replace(/\{\w+\}/g, "1");

describe("GET /api/openapi.json", () => {
  it("describes every endpoint of both families in OpenAPI 3.1, and the route table serves each", async () => {
    const response = await fetch(`${inject("baseUrl")}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(operations.length).toBe(102);
    expect(Object.keys(document.paths["/api/v2/search"]!)).toEqual(["get"]);
    expect(Object.keys(document.paths["/api/me"]!).sort()).toEqual(["get", "post"]);
    for (const { path, method } of operations) {
      // Without a key every declared endpoint answers 401: it exists, and the wrapper ran.
      const answer = await fetch(`${inject("baseUrl")}${fill(path)}`, { method: method.toUpperCase() });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });

  it("answers 405 for an undeclared method on a declared path, and 404 off the table", async () => {
    const base = inject("baseUrl");
    const put = await fetch(`${base}/api/v2/groups/1`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    // A literal segment beats a parameter: ".../categories/create" is the create endpoint, POST only.
    const createByGet = await fetch(`${base}/api/v2/groups/1/categories/create`);
    expect(createByGet.status).toBe(405);
    const unknown = await fetch(`${base}/api/v2/groups/1/nothing`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { description: string }).description).toMatch(/^No endpoint at GET/);
  });

  it("takes parameter rules from the handlers' own schemas", async () => {
    const document = (await (await fetch(`${inject("baseUrl")}/api/openapi.json`)).json()) as Document;
    const getThread = document.paths["/api/get_thread/{thread_id}"]!.get as {
      parameters: { name: string; required: boolean; schema: Record<string, unknown> }[];
    };
    const byName = Object.fromEntries(getThread.parameters.map((parameter) => [parameter.name, parameter]));
    expect(byName.group_name?.required).toBe(true);
    expect(byName.page_size?.schema).toMatchObject({ maximum: 100, default: 10 });
    expect(byName.sort?.schema).toMatchObject({ default: "new" });
    // Shapes clients meet often are named components; responses refer to them.
    const success = JSON.stringify((document.paths["/api/v2/groups/{group_id}"]!.get as { responses: Record<string, unknown> }).responses["200"]);
    expect(success).toContain('"#/components/schemas/Group"');
    const schemas = (document as unknown as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }).components.schemas;
    expect(Object.keys(schemas.Group?.properties ?? {})).toContain("online_members");
    // The post tree recurses through the named Post schema, not through an unresolvable local $defs.
    expect(JSON.stringify(schemas.Post)).toContain('"$ref":"#/components/schemas/Post"');
    expect(JSON.stringify(document)).not.toContain("$defs");
  });

  it("is rendered for people at /docs/api", async () => {
    const response = await fetch(`${inject("baseUrl")}/docs/api`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("/api/get_thread/{thread_id}");
    expect(html).toContain("/api/v2/purse/register");
  });
});
