// openapi.json (written by the root's `npm run openapi:write`) → src/schema.d.ts.
// Run through `npm run generate -w @agora/client`, which writes the document first.
import fs from "node:fs";
import { renderSchema } from "./render-schema.mjs";

const input = new URL("../openapi.json", import.meta.url);
const output = new URL("../src/schema.d.ts", import.meta.url);

const document = JSON.parse(fs.readFileSync(input, "utf8"));
const text = await renderSchema(document);
const previous = fs.existsSync(output) ? fs.readFileSync(output, "utf8") : undefined;
fs.writeFileSync(output, text);
console.log(`${previous === text ? "unchanged" : "wrote"} src/schema.d.ts`);
