// Prints a user token (api_token) for a user id, issued by the app's own code so the server
// accepts it: `npx tsx --conditions=react-server bench/token.ts <user id>` (same env as the server).
import { issueUserToken } from "@/lib/auth/tokens";
import { runScript } from "../scripts/run-script";

runScript(async () => {
  const userId = Number(process.argv[2]);
  if (!Number.isInteger(userId) || userId <= 0) throw new Error("usage: bench/token.ts <user id>");
  console.log(await issueUserToken(userId));
});
