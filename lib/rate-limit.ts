import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { getEnv } from "@/lib/env";
import { RateLimited } from "@/lib/errors";

const globalForLimiter = globalThis as unknown as { agoraLimiter?: RateLimiterMemory | null };

function getLimiter(): RateLimiterMemory | null {
  if (globalForLimiter.agoraLimiter !== undefined) return globalForLimiter.agoraLimiter;
  const points = getEnv().AGORA_RATE_LIMIT_PER_MINUTE;
  globalForLimiter.agoraLimiter = points === 0 ? null : new RateLimiterMemory({ points, duration: 60 });
  return globalForLimiter.agoraLimiter;
}

/** What is left of a subject's budget: the X-RateLimit-* headers a client paces itself by. */
export interface RateBudget {
  limit: number;
  remaining: number;
  /** Seconds until the budget is full again. */
  resetSeconds: number;
}

function toBudget(limit: number, result: RateLimiterRes): RateBudget {
  return { limit, remaining: Math.max(0, result.remainingPoints), resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
}

/**
 * One budget per subject (API key and client address, or web user): a noisy client does not
 * starve the others. Answers what is left, or null when limits are off.
 */
export async function consumeRateLimit(subject: string): Promise<RateBudget | null> {
  const limiter = getLimiter();
  if (!limiter) return null;
  try {
    return toBudget(limiter.points, await limiter.consume(subject));
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    throw new RateLimited(toBudget(limiter.points, result).resetSeconds, limiter.points);
  }
}

/** The budget as response headers (draft-ietf-httpapi-ratelimit-headers' widely used X- form). */
export function rateLimitHeaders(budget: RateBudget | null): Record<string, string> {
  if (!budget) return {};
  return {
    "X-RateLimit-Limit": String(budget.limit),
    "X-RateLimit-Remaining": String(budget.remaining),
    "X-RateLimit-Reset": String(budget.resetSeconds),
  };
}

/**
 * The client's address as the proxy in front of Agora reports it. Only with AGORA_TRUST_PROXY=1:
 * without a proxy that overwrites X-Forwarded-For, a client could name a new address per request
 * and so get a fresh budget each time; then every client shares the "direct" budget instead.
 */
export function readClientAddress(headers: Headers): string {
  if (getEnv().AGORA_TRUST_PROXY !== "1") return "direct";
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "direct";
}
