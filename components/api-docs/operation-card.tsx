import { summarizeSchema } from "@/components/api-docs/schema-summary";

type JsonSchema = Record<string, unknown>;

export interface OperationCardProps {
  method: string;
  path: string;
  operation: JsonSchema;
}

interface Row {
  name: string;
  place: string;
  required: boolean;
  schema: JsonSchema;
}

function collectRows(operation: JsonSchema): Row[] {
  const rows: Row[] = ((operation.parameters as JsonSchema[] | undefined) ?? []).map((parameter) => ({
    name: String(parameter.name),
    place: String(parameter.in),
    required: Boolean(parameter.required),
    schema: parameter.schema as JsonSchema,
  }));
  const body = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
    "application/json"
  ]?.schema;
  const required = new Set((body?.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries((body?.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    rows.push({ name, place: "body", required: required.has(name), schema });
  }
  return rows;
}

export function OperationCard({ method, path, operation }: OperationCardProps) {
  const rows = collectRows(operation);
  const needsUser = ((operation.security as JsonSchema[] | undefined) ?? []).some((entry) => "userToken" in entry);
  const success = (operation.responses as Record<string, JsonSchema>)["200"] as JsonSchema;
  const schema = (success.content as Record<string, { schema: JsonSchema }>)["application/json"]!.schema;
  const data = (schema.properties as Record<string, JsonSchema>).data;
  return (
    <section className="api-op" id={String(operation.operationId)}>
      <h3>
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>
        {String(operation.summary)}. API key required{needsUser ? "; user token required" : "; user token optional"}.
      </p>
      {rows.length > 0 ? (
        <table className="api-params">
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">In</th>
              <th scope="col">Required</th>
              <th scope="col">Type</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.place}-${row.name}`}>
                <td>
                  <code>{row.name}</code>
                </td>
                <td>{row.place}</td>
                <td>{row.required ? "yes" : "no"}</td>
                <td>{summarizeSchema(row.schema)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <details>
        <summary>Response data schema</summary>
        <pre>{JSON.stringify(data, null, 2)}</pre>
      </details>
    </section>
  );
}
