import { randomBytes } from "node:crypto";
import { issueUserToken } from "@/lib/auth/tokens";
import { createEvmTestWallet, type EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { createGroup } from "@/lib/services/groups";
import { createUserWithWallet } from "@/lib/services/users";

export interface TestUser {
  id: number;
  username: string;
  address: string;
  token: string;
  /** The wallet behind the account, for signing in as a browser does (tests/support/web-session.ts). */
  wallet: EvmTestWallet;
  createGroup: (name?: string) => Promise<number>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** A user with a real wallet address and a real token, written through the app's own services. */
export async function createTestUser(): Promise<TestUser> {
  const wallet = createEvmTestWallet();
  const username = uniqueName("user");
  const { id } = await createUserWithWallet({ username, wallet: { type: 5, address: wallet.address, publicKey: null } });
  const token = await issueUserToken(id);
  return {
    id,
    username,
    address: wallet.address,
    token,
    wallet,
    createGroup: async (name = uniqueName("group")) =>
      (await createGroup({ id }, { name, title: `Group ${name}`, description: "A test group", cover: "", logo: "" })).id,
  };
}
