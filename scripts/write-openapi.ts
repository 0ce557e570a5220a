// Writes the OpenAPI document built from the endpoint declarations to a file (default:
// clients/typescript/openapi.json), for the typed client's generator and for linting.
//   npm run openapi:write [-- <path>]
import fs from "node:fs";
import path from "node:path";
import { getOpenApiDocument } from "@/lib/api/openapi/serve-document";

const target = path.resolve(process.argv[2] ?? "clients/typescript/openapi.json");
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, `${JSON.stringify(getOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
