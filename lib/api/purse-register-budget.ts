import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { getEnv } from "@/lib/env";
import { RateLimited } from "@/lib/errors";

// Purse register (endpoint 14) binds any address to any username without proof, so one client
// could squat names by the thousand under the general budget: it spends a far smaller one of its
// own (AGORA_PURSE_REGISTER_PER_MINUTE), on top of the general one.
const globalForBudget = globalThis as unknown as { agoraPurseRegisterLimiter?: RateLimiterMemory | null };

function getLimiter(): RateLimiterMemory | null {
  if (globalForBudget.agoraPurseRegisterLimiter !== undefined) return globalForBudget.agoraPurseRegisterLimiter;
  const points = getEnv().AGORA_PURSE_REGISTER_PER_MINUTE;
  globalForBudget.agoraPurseRegisterLimiter = points === 0 ? null : new RateLimiterMemory({ keyPrefix: "purse-register", points, duration: 60 });
  return globalForBudget.agoraPurseRegisterLimiter;
}

/** Spends one purse register from the client's budget, or throws RateLimited (429 / 42900). */
export async function consumePurseRegisterBudget(client: string): Promise<void> {
  const limiter = getLimiter();
  if (!limiter) return;
  try {
    await limiter.consume(client);
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    throw new RateLimited(Math.max(1, Math.ceil(result.msBeforeNext / 1000)), limiter.points);
  }
}
