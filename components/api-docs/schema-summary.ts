type JsonSchema = Record<string, unknown>;

/** A one-line description of a JSON schema for the parameter tables ("integer 1–100", "string"). */
export function summarizeSchema(schema: JsonSchema | undefined): string {
  if (!schema) return "";
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf) return anyOf.map(summarizeSchema).join(" or ");
  if (schema.enum) return (schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(" | ");
  const type = String(schema.type ?? "any");
  const min = schema.minimum ?? schema.minLength;
  const max = schema.maximum ?? schema.maxLength;
  const range = min !== undefined || max !== undefined ? ` ${min ?? ""}–${max ?? ""}` : "";
  const fallback = schema.default !== undefined ? `, default ${JSON.stringify(schema.default)}` : "";
  return `${type}${range}${fallback}`;
}
