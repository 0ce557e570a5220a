import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { sweepNftAvatars } from "@/lib/services/nft-avatars";
import { sweepGates } from "@/lib/services/token-gates";
import { sweepTokenBadges } from "@/lib/services/token-badges";

/**
 * Every AGORA_GATE_SWEEP_MS: members of token-gated groups whose last check is stale are checked
 * again (contract section 14), and so are NFT avatars (section 19): one no wallet holds ends; token
 * badges (section 19) are granted to members who hold their token and taken from those who do not.
 */
export const sweepGatesJob = definePeriodicJob({
  name: "sweep-gates",
  everyMs: () => getEnv().AGORA_GATE_SWEEP_MS,
  runAtStart: false,
  // The next tick is the retry: a sweep that keeps failing should not pile up attempts.
  retries: 1,
  retryDelaySeconds: 30,
  expireSeconds: 15 * 60,
  run: async () => {
    const swept = await sweepGates();
    if (swept.removed > 0) logger.info(swept, "token gate sweep removed members who no longer qualify");
    const avatars = await sweepNftAvatars();
    if (avatars.ended > 0) logger.info(avatars, "NFT avatar sweep ended avatars no wallet holds any more");
    const badges = await sweepTokenBadges();
    if (badges.granted + badges.revoked > 0) logger.info(badges, "token badge sweep granted and revoked badges");
  },
});
