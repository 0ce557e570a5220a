// Prints the `Cookie` header of a signed-in browser session for a user id: next-auth's session
// cookie as the wallet sign-in would set it, around a token issued by the app's own code, so the
// server reads the pages as that person: `npx tsx --conditions=react-server bench/load/session-cookie.ts <user id>`.
import { encode } from "next-auth/jwt";
import { authOptions } from "@/lib/session/next-auth-options";
import { issueUserToken, verifyUserToken } from "@/lib/auth/tokens";
import { runScript } from "../../scripts/run-script";

runScript(async () => {
  const userId = Number(process.argv[2]);
  if (!Number.isInteger(userId) || userId <= 0) throw new Error("usage: bench/load/session-cookie.ts <user id>");
  const apiToken = await issueUserToken(userId);
  const verified = await verifyUserToken(apiToken);
  if (!verified) throw new Error("the token just issued did not verify");
  const value = await encode({ token: { apiToken, userId, tokenId: verified.tokenId }, secret: authOptions.secret! });
  // Over plain HTTP next-auth names the cookie without the __Secure- prefix.
  console.log(`next-auth.session-token=${value}`);
});
