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

/** One budget per subject (API key and client address, or web user): a noisy client does not starve the others. */
export async function consumeRateLimit(subject: string): Promise<void> {
  const limiter = getLimiter();
  if (!limiter) return;
  try {
    await limiter.consume(subject);
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw new RateLimited(seconds);
  }
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
