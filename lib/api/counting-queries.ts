import "server-only";
import type { RouteHandler } from "@/lib/api/define-endpoint";
import { isQueryCountingOn, QUERY_COUNT_HEADER, withQueryTally } from "@/lib/db/engine/query-count";

/**
 * With AGORA_COUNT_QUERIES=1 (test servers only) the answer carries X-Agora-Db-Queries: the SQL
 * statements the request sent (lib/db/engine/query-count.ts). Without it the handler runs as it is.
 */
export function countingQueries(handler: RouteHandler): RouteHandler {
  return async (request, context) => {
    if (!isQueryCountingOn()) return handler(request, context);
    const { result: response, tally } = await withQueryTally(() => handler(request, context));
    response.headers.set(QUERY_COUNT_HEADER, String(tally.count));
    return response;
  };
}
