import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/action-types";
import { describeForForm } from "@/lib/actions/form-errors";
import { getViewer, type Viewer } from "@/lib/session/session";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { readClientAddress } from "@/lib/http/client-address";
import { consumeBudget } from "@/lib/rate-limit";

export const GENERIC_ERROR = "Something went wrong on our side. Please try again in a moment.";
export const SIGNED_OUT_ERROR = "Your session has ended. Please sign in again.";
const STALE_FORM = "This form is out of date. Reload the page and try again.";

type ActionAuth = "user" | "optional";

export interface ActionOptions<S extends z.ZodType, A extends ActionAuth> {
  /** For the logs. */
  name: string;
  auth: A;
  /** Anyone can call a server action with any arguments, so they are checked like API parameters. */
  input: S;
  /** What a person reads when the input does not fit (a stale page, a wallet sending junk). */
  invalidInput?: string;
  /** "signIn": a step of signing in, which also spends the client address's sign-in budget. */
  budget?: "signIn";
}

export interface ActionContext<I, A extends ActionAuth> {
  input: I;
  viewer: A extends "user" ? Viewer : Viewer | null;
}

/**
 * A server action, the twin of defineEndpoint: who is asking, a rate limit per person (the
 * client address's is proxy.ts's), input validation, and domain errors turned into words for the form; any
 * other failure is logged and answered with a generic message, so nothing internal leaks.
 */
export function defineAction<S extends z.ZodType, A extends ActionAuth, R>(
  options: ActionOptions<S, A>,
  fn: (context: ActionContext<z.output<S>, A>) => Promise<R>,
): (input: z.input<S>) => Promise<ActionResult<R>> {
  return async (input) => {
    try {
      const viewer = await getViewer();
      if (options.auth === "user" && !viewer) return { ok: false, error: SIGNED_OUT_ERROR };
      // proxy.ts has spent the client address's pages budget; a signed-in person also spends their own.
      if (viewer) await consumeBudget("pages", `user:${viewer.id}`);
      if (options.budget === "signIn") await consumeBudget("signIn", `addr:${readClientAddress(await headers())}`);
      const parsed = options.input.safeParse(input);
      if (!parsed.success) return { ok: false, error: options.invalidInput ?? STALE_FORM };
      const data = await fn({ input: parsed.data as z.output<S>, viewer: viewer as ActionContext<z.output<S>, A>["viewer"] });
      return { ok: true, data };
    } catch (error) {
      if (error instanceof DomainError) return describeForForm(error);
      logger.error({ err: error, action: options.name }, "server action failed");
      return { ok: false, error: GENERIC_ERROR };
    }
  };
}
