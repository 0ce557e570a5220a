import type { Metadata } from "next";
import { OperationCard } from "@/components/api-docs/operation-card";
import { getOpenApiDocument } from "@/lib/api/openapi/serve-document";
import "./api-docs.css";

export const metadata: Metadata = { title: "API reference" };

type JsonSchema = Record<string, unknown>;

export default function ApiDocsPage() {
  const document = getOpenApiDocument();
  const paths = document.paths as Record<string, Record<string, JsonSchema>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const families = [
    { title: "/api family (codes are numbers)", items: operations.filter((op) => !op.path.startsWith("/api/v2/")) },
    { title: "/api/v2 family (codes are strings)", items: operations.filter((op) => op.path.startsWith("/api/v2/")) },
  ];
  return (
    <main className="page page--wide api-docs">
      <h1>Agora API reference</h1>
      <p>
        Every response uses one envelope: <code>{"{status, code, description, server: \"rest\", data}"}</code>. Send the
        API key as header <code>api_key</code>, header <code>svc-api-key</code> or parameter <code>api_key</code>; send
        the user token as <code>authorization: Bearer &lt;api_token&gt;</code>. Machine-readable:{" "}
        <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
      </p>
      {families.map((family) => (
        <section key={family.title}>
          <h2>{family.title}</h2>
          {family.items.map((item) => (
            <OperationCard key={`${item.method} ${item.path}`} method={item.method} path={item.path} operation={item.operation} />
          ))}
        </section>
      ))}
    </main>
  );
}
