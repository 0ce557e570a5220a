// Prints {"userId", "token", "groupId"} as JSON: a user and a group for bench/uploads.ts, written by
// the app's own services on the server's database (same env as the server).
import { issueUserToken } from "@/lib/auth/tokens";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { createGroup } from "@/lib/services/groups";
import { createUserWithWallet } from "@/lib/services/users";
import { runScript } from "../../scripts/run-script";

runScript(async () => {
  const wallet = createEvmTestWallet();
  const suffix = wallet.address.slice(2, 10).toLowerCase();
  const { id } = await createUserWithWallet({ username: `bench-${suffix}`, wallet: { type: 5, address: wallet.address, publicKey: null } });
  const group = await createGroup({ id }, { name: `bench-up-${suffix}`, title: "Upload bench", description: "", cover: "", logo: "" });
  console.log(JSON.stringify({ userId: id, token: await issueUserToken(id), groupId: group.id }));
});
