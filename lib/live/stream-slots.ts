import "server-only";
import { getEnv } from "@/lib/env";
import { RateLimited } from "@/lib/errors";
import { resource } from "@/lib/runtime/registry";

// Open event streams per subject ("user:<id>", or an API key and client address for guests),
// counted in this process: a stream holds a connection and a listener for as long as it lasts,
// so one client cannot open them without end. A process resource for the same reason as the hub.
function slots(): Map<string, number> {
  return resource("live.stream-slots", () => new Map<string, number>());
}

/** Takes one of the subject's slots, or refuses (429) when all are in use; the answer gives it back (once). */
export function takeStreamSlot(subject: string): () => void {
  const taken = slots().get(subject) ?? 0;
  if (taken >= getEnv().AGORA_LIVE_MAX_STREAMS) throw new RateLimited(5);
  slots().set(subject, taken + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (slots().get(subject) ?? 1) - 1;
    if (left <= 0) slots().delete(subject);
    else slots().set(subject, left);
  };
}
