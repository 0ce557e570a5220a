import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv, type Env } from "@/lib/env";
import { RateLimited } from "@/lib/errors";
import { getRedis, redisKeyPrefix } from "@/lib/redis";
import { resource } from "@/lib/runtime/registry";

/**
 * The named budgets, each per minute and per subject (who spends it is the caller's choice):
 * - general: every API request, per API key and user (with a token) or client address;
 * - writes: API POST writes on top of general, same subject;
 * - signIn: wallet nonce, login and register (API and web), per client address;
 * - badKeys: API requests with a missing or unknown key, per client address;
 * - pages: page renders and server actions, per client address (and per signed-in user);
 * - purseRegister: purse registers (no proof), per API key and client address.
 */
export type BudgetName = "general" | "writes" | "signIn" | "badKeys" | "pages" | "purseRegister";

const POINTS: Record<BudgetName, (env: Env) => number> = {
  general: (env) => env.AGORA_RATE_LIMIT_PER_MINUTE,
  writes: (env) => env.AGORA_RATE_LIMIT_WRITES_PER_MINUTE,
  signIn: (env) => env.AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE,
  badKeys: (env) => env.AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE,
  pages: (env) => env.AGORA_RATE_LIMIT_PAGES_PER_MINUTE,
  purseRegister: (env) => env.AGORA_PURSE_REGISTER_PER_MINUTE,
};

function createLimiter(name: BudgetName): RateLimiterAbstract | null {
  const points = POINTS[name](getEnv());
  if (points === 0) return null;
  const keyPrefix = `${redisKeyPrefix()}:rl:${name}`;
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: 60 });
  const redis = getRedis();
  if (!redis) return memory;
  // With Redis the budget is one across instances; while Redis is down (or not yet connected)
  // each instance counts in its own memory instead of failing the request.
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: 60, rejectIfRedisNotReady: true, insuranceLimiter: memory });
}

function getLimiter(name: BudgetName): RateLimiterAbstract | null {
  // One map per process: proxy.ts and the app's routes are bundled apart (lib/runtime/registry.ts).
  const limiters = resource("rate-limit.limiters", () => new Map<BudgetName, RateLimiterAbstract | null>());
  if (!limiters.has(name)) limiters.set(name, createLimiter(name));
  return limiters.get(name)!;
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
 * Spends one point of the subject's share of a budget. Answers what is left (null when that
 * budget is off), or throws RateLimited (429 / 42900) when it is spent.
 */
export async function consumeBudget(name: BudgetName, subject: string): Promise<RateBudget | null> {
  const limiter = getLimiter(name);
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

/** The headers of a 429 answer: Retry-After, and the spent budget. */
export function rateLimitedHeaders(error: RateLimited): Record<string, string> {
  const seconds = String(error.retryAfterSeconds);
  const headers: Record<string, string> = { "Retry-After": seconds };
  if (error.limit !== null) Object.assign(headers, { "X-RateLimit-Limit": String(error.limit), "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": seconds });
  return headers;
}
