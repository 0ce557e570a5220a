// npm run admin -- grant|revoke <username | wallet address>   (contract section 20)
import { setSiteAdmin } from "@/lib/services/site-admin";
import { runScript } from "./run-script";

const USAGE = "usage: npm run admin -- grant|revoke <username | wallet address>";

runScript(async () => {
  const [command, handle] = process.argv.slice(2);
  if ((command !== "grant" && command !== "revoke") || !handle?.trim()) throw new Error(USAGE);
  const granting = command === "grant";
  const userId = await setSiteAdmin(handle, granting);
  console.log(granting ? `User #${userId} (${handle.trim()}) is now a site admin.` : `User #${userId} (${handle.trim()}) is no longer a site admin.`);
});
