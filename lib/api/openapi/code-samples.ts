import "server-only";

// The typed client's call for an operation, shown beside it in the reference (x-codeSamples).

interface SampleInput {
  method: "get" | "post";
  path: string;
  pathParams: string[];
  /** Required query (GET) or body (POST) parameters. */
  required: string[];
  userToken: boolean;
}

function placeholder(name: string): string {
  return /(^|_)(id|page|size|level|days|pinned|locked)$/.test(name) || name.endsWith("_id") ? "1" : `"…"`;
}

function objectLiteral(names: string[]): string {
  return `{ ${names.map((name) => `${name}: ${placeholder(name)}`).join(", ")} }`;
}

export function typedClientSample({ method, path, pathParams, required, userToken }: SampleInput): { lang: string; label: string; source: string } {
  const options: string[] = [];
  const params: string[] = [];
  if (pathParams.length > 0) params.push(`path: ${objectLiteral(pathParams)}`);
  if (method === "get" && required.length > 0) params.push(`query: ${objectLiteral(required)}`);
  if (params.length > 0) options.push(`params: { ${params.join(", ")} }`);
  if (method === "post") options.push(`body: ${objectLiteral(required)}`);
  const call = `agora.${method.toUpperCase()}("${path}"${options.length > 0 ? `, { ${options.join(", ")} }` : ""})`;
  const source = [
    `import { createAgoraClient, unwrap } from "@agora/client";`,
    ``,
    `const agora = createAgoraClient({ baseUrl: "https://forum.example", apiKey: process.env.AGORA_API_KEY!${userToken ? ", token" : ""} });`,
    `const data = await unwrap(${call});`,
  ].join("\n");
  return { lang: "JavaScript", label: "@agora/client", source };
}
