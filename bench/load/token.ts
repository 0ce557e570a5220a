// Prints a user token (api_token) per user id, one a line, issued by the app's own code so the
// server accepts them: `npx tsx --conditions=react-server bench/load/token.ts <user id>...` (same env as the server).
import { issueUserToken } from "@/lib/auth/tokens";
import { runScript } from "../../scripts/run-script";

runScript(async () => {
  const userIds = process.argv.slice(2).map(Number);
  if (userIds.length === 0 || userIds.some((id) => !Number.isInteger(id) || id <= 0)) throw new Error("usage: bench/load/token.ts <user id>...");
  for (const userId of userIds) console.log(await issueUserToken(userId));
});
