import "server-only";
import { unstable_rethrow } from "next/navigation";
import { Forbidden, SignInRequired } from "@/lib/errors";
import { readClientAddress } from "@/lib/http/client-address";
import { readRefusalStatus } from "@/lib/http/error-table";
import { readForwardedOrigin } from "@/lib/http/forwarded-origin";
import { logger } from "@/lib/log";
import { consumeBudget, type BudgetName } from "@/lib/rate-limit";
import { getViewer, type Viewer } from "@/lib/session/session";
import type { RefusalFormat } from "@/lib/web/refusal-formats";

/** "user": the browser session's signed-in person, required; "optional": that person or a guest; "none": no session is read. */
export type WebEntryAuth = "none" | "optional" | "user";

export interface WebEntrySpec<A extends WebEntryAuth> {
  /** For the logs. */
  name: string;
  auth: A;
  /** With auth "user": the words for a request nobody signed in sent (401). */
  signInRequired?: string;
  /** Only this site's pages may call it (a form elsewhere cannot act as their reader): the words for any other request (403). */
  sameOrigin?: string;
  /** The budget a request spends, per signed-in person or per client address; `when` picks the requests that spend it. */
  budget?: { name: BudgetName; per: "user" | "address"; when?: (request: Request) => boolean };
  /** How refusals look (lib/web/refusal-formats.ts). */
  refusals: RefusalFormat;
  /** The words a person reads for a refusal, where not the error's own message. */
  describe?: (error: Error) => string;
  /** The words for a failure nobody expected (logged, and answered 500). */
  failure?: string;
}

export interface WebEntryContext<A extends WebEntryAuth> {
  request: Request;
  /** The route's path parameters. */
  params: Readonly<Record<string, string | string[] | undefined>>;
  viewer: A extends "user" ? Viewer : A extends "optional" ? Viewer | null : null;
  /** This site's origin as the client called it (lib/http/forwarded-origin.ts). */
  origin: string;
}

export type WebEntryHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

async function spendBudget(spec: WebEntrySpec<WebEntryAuth>, request: Request, viewer: Viewer | null): Promise<void> {
  const budget = spec.budget;
  if (!budget || (budget.when && !budget.when(request))) return;
  if (budget.per === "address") await consumeBudget(budget.name, `addr:${readClientAddress(request.headers)}`);
  else if (viewer) await consumeBudget(budget.name, `user:${viewer.id}`);
}

function refuse(spec: WebEntrySpec<WebEntryAuth>, request: Request, error: unknown): Response {
  const status = readRefusalStatus(error);
  if (status === null) {
    logger.error({ err: error, entry: spec.name, method: request.method, path: new URL(request.url).pathname }, "web entry failed");
    return spec.refusals.render({ status: 500, message: spec.failure ?? "Something went wrong on our side; please try again", error }, request);
  }
  const message = spec.describe ? spec.describe(error as Error) : (error as Error).message;
  logger.debug({ entry: spec.name, status, reason: (error as Error).message }, "web entry refused");
  return spec.refusals.render({ status, message, error }, request);
}

/**
 * A browser-facing route that is not an API endpoint (uploads, files, the image proxy, sitemaps,
 * the page event stream, next-auth): the twin of defineEndpoint for the browser session. It checks
 * the origin, reads the session, spends the budget, then runs `fn` inside the only try/catch,
 * where every refusal, thrown as a domain error or an HttpError, is answered through the one
 * error table (lib/http/error-table.ts) in the entry's format.
 */
export function defineWebEntry<A extends WebEntryAuth>(spec: WebEntrySpec<A>, fn: (context: WebEntryContext<A>) => Promise<Response>): WebEntryHandler {
  return async (request, context) => {
    try {
      const origin = readForwardedOrigin(request.headers, new URL(request.url));
      if (spec.sameOrigin !== undefined && request.headers.get("origin") !== origin) throw new Forbidden(spec.sameOrigin);
      const viewer = spec.auth === "none" ? null : await getViewer();
      if (spec.auth === "user" && !viewer) throw new SignInRequired(spec.signInRequired);
      await spendBudget(spec, request, viewer);
      const params = (await context?.params) ?? {};
      return await fn({ request, params, viewer: viewer as WebEntryContext<A>["viewer"], origin });
    } catch (error) {
      // Next's own signals (a redirect, a dynamic render) are not failures.
      unstable_rethrow(error);
      return refuse(spec, request, error);
    }
  };
}
