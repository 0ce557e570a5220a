// npm run apikey -- create "<label>" | list | revoke <key or id>   (contract section 3)
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys";
import { runScript } from "./run-script";

const USAGE = 'usage: npm run apikey -- create "<label>" | list | revoke <key or id>';

runScript(async () => {
  const [command, argument] = process.argv.slice(2);
  switch (command) {
    case "create": {
      const label = (argument ?? "").trim();
      if (label === "") throw new Error(USAGE);
      const { key, id } = await createApiKey(label);
      console.log(`Created API key #${id} "${label}". It is shown only now; store it safely:`);
      console.log(key);
      return;
    }
    case "list": {
      const keys = await listApiKeys();
      if (keys.length === 0) console.log("No API keys yet.");
      for (const key of keys) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : "active";
        const used = key.lastUsedAt ? `last used ${key.lastUsedAt.toISOString()}` : "never used";
        console.log(`#${key.id}\t${key.prefix}…\t${state}\t${used}\t${key.label}`);
      }
      return;
    }
    case "revoke": {
      if (!argument) throw new Error(USAGE);
      if (!(await revokeApiKey(argument))) throw new Error("No active key matches.");
      console.log("Revoked.");
      return;
    }
    default:
      throw new Error(USAGE);
  }
});
