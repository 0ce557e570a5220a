type JsonObject = Record<string, unknown>;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface OperationEntry {
  method: string;
  path: string;
  summary: string;
  tag: string;
}

interface Group<T> {
  title: string;
  items: T[];
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Group<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups].map(([title, grouped]) => ({ title, items: grouped }));
}

/** Every operation of an OpenAPI document, in document order, with its first tag. */
export function listOperations(document: JsonObject): OperationEntry[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, JsonObject | undefined>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const tags = operation.tags as string[] | undefined;
      return [{ method, path, summary: String(operation.summary ?? ""), tag: tags?.[0] ?? "Other" }];
    }),
  );
}

/**
 * A plain list of the operations, grouped by family and resource: what people without
 * JavaScript (and scripts that fetch the HTML) get instead of the interactive reference.
 */
export function OperationIndex({ document, documentUrl }: { document: JsonObject; documentUrl: string }) {
  const families = groupBy(listOperations(document), (operation) =>
    operation.path.startsWith("/api/v2/") ? "/api/v2 family (codes are strings)" : "/api family (codes are numbers)",
  );
  return (
    <div className="page page--wide api-index">
      <h1>Agora API reference</h1>
      <p>
        The interactive reference needs JavaScript. Every response uses one envelope: <code>{'{status, code, description, server: "rest", data}'}</code>. Send
        the API key as header <code>api_key</code>, header <code>svc-api-key</code> or parameter <code>api_key</code>; send the user token as{" "}
        <code>authorization: Bearer &lt;api_token&gt;</code>. The full description: <a href={documentUrl}>{documentUrl}</a> (OpenAPI 3.1).
      </p>
      {families.map((family) => (
        <section key={family.title} className="api-index__family">
          <h2>{family.title}</h2>
          {groupBy(family.items, (operation) => operation.tag).map((resource) => (
            <section key={resource.title}>
              <h3>{resource.title}</h3>
              <ul className="api-index__list">
                {resource.items.map((operation) => (
                  <li key={`${operation.method} ${operation.path}`}>
                    <span className={`api-method api-method-${operation.method}`}>{operation.method.toUpperCase()}</span> <code>{operation.path}</code>{" "}
                    <span className="muted">{operation.summary}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}
