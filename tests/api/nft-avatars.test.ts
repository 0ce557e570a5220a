import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { ANVIL_CHAIN_ID } from "../support/anvil";
import { call, expectedError } from "../support/api-client";
import { deployAvatarNfts, type AvatarChain } from "../support/avatar-chain";
import { createTestUser, type TestUser } from "../support/fixtures";
import { linkOrFail } from "../support/linked-wallet-helpers";

// Contract section 19's NFT avatars against a real local chain (anvil, from the global setup):
// is_nft 1 needs a token one of the user's wallets holds (ERC-721 ownerOf, ERC-1155 balanceOf);
// its metadata's image becomes the photo; the gate sweep (every second in tests, holdings
// re-read after 2 s) ends an avatar no wallet holds any more and puts the old photo back.

type Me = { is_nft: number; photo_url: string };
const BEFORE = "https://example.com/before.png";

let chain: AvatarChain;
let metadataServer: http.Server;
let metadataBase: string;

const updateInfo = (user: TestUser, body: Record<string, unknown>) => call<Me>("POST", "/api/user/update_info", { token: user.token, body });
const me = async (user: TestUser) => (await call<{ user: Me }>("GET", "/api/me", { token: user.token })).body.data.user;
const nft = (contract: string, tokenId: bigint | string, chainId = ANVIL_CHAIN_ID) => ({
  chain_id: chainId,
  contract_address: contract,
  token_id: String(tokenId),
});
const jsonDataUri = (value: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(value)).toString("base64")}`;

function expectNftRefused(answer: { status: number; body: { description: string } }, reason: RegExp): void {
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 400, body: expectedError("api", 40000) });
  expect(answer.body.description).toMatch(/^nft\b/);
  expect(answer.body.description).toMatch(reason);
}

async function userWithPhoto(): Promise<TestUser> {
  const user = await createTestUser();
  expect((await updateInfo(user, { photo_url: BEFORE })).status).toBe(200);
  return user;
}

beforeAll(async () => {
  chain = await deployAvatarNfts(inject("rpcUrl"));
  metadataServer = http.createServer((request, response) => {
    const id = /^\/meta\/(\d+)\.json$/.exec(request.url ?? "")?.[1];
    if (!id) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name: `Avatar ${id}`, image: `https://example.com/nft-${id}.png` }));
  });
  await new Promise<void>((resolve) => metadataServer.listen(0, "127.0.0.1", resolve));
  metadataBase = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await new Promise((resolve) => metadataServer.close(resolve));
});

describe("NFT avatars", () => {
  it("ERC-721 held: is_nft 1 with the metadata's image; is_nft 0 puts the photo back", async () => {
    const user = await userWithPhoto();
    const id = await chain.mint721(user.address, `${metadataBase}/meta/7.json`);
    const set = await updateInfo(user, { is_nft: 1, nft: nft(chain.erc721, id) });
    expect(set.status, set.body.description).toBe(200);
    expect(set.body.data).toMatchObject({ is_nft: 1, photo_url: "https://example.com/nft-7.png" });
    expect(await me(user)).toMatchObject({ is_nft: 1, photo_url: "https://example.com/nft-7.png" });
    const cleared = await updateInfo(user, { is_nft: 0 });
    expect(cleared.body.data).toMatchObject({ is_nft: 0, photo_url: BEFORE });
  });

  it("ERC-1155 held by a second linked wallet (data: metadata, nft as JSON text): is_nft 1", async () => {
    const user = await userWithPhoto();
    const second = createEvmTestWallet();
    await linkOrFail(user, second);
    await chain.setUri1155(jsonDataUri({ name: "Multi", image: "https://example.com/multi.png" }));
    await chain.mint1155(second.address, 5n, 2n);
    const set = await call<Me>("POST", "/api/user/update_info", {
      token: user.token,
      encoding: "form",
      body: { is_nft: 1, nft: JSON.stringify(nft(chain.erc1155, 5n)) },
    });
    expect(set.status, set.body.description).toBe(200);
    expect(set.body.data).toMatchObject({ is_nft: 1, photo_url: "https://example.com/multi.png" });
  });

  it("not held → 400 naming nft, and nothing changes", async () => {
    const [user, holder] = [await userWithPhoto(), await createTestUser()];
    const id = await chain.mint721(holder.address, `${metadataBase}/meta/8.json`);
    expectNftRefused(await updateInfo(user, { is_nft: 1, nft: nft(chain.erc721, id) }), /none of your wallets holds/);
    expectNftRefused(await updateInfo(user, { is_nft: 1, nft: nft(chain.erc721, 999_999n) }), /none of your wallets holds/);
    expectNftRefused(await updateInfo(user, { is_nft: 1, nft: nft(chain.erc1155, 77n) }), /none of your wallets holds/);
    expectNftRefused(await updateInfo(user, { is_nft: 1, nft: nft(createEvmTestWallet().address, 1n) }), /neither an ERC-721 nor an ERC-1155/);
    expectNftRefused(await updateInfo(user, { is_nft: 1, nft: nft(chain.erc721, id, 999) }), /no RPC for chain 999/);
    expectNftRefused(await updateInfo(user, { is_nft: 1 }), /is required with is_nft 1/);
    expectNftRefused(await updateInfo(user, { is_nft: 1, nft: { chain_id: ANVIL_CHAIN_ID, contract_address: "0x12", token_id: "1" } }), /contract_address/);
    expect(await me(user)).toMatchObject({ is_nft: 0, photo_url: BEFORE });
  });

  it("metadata that cannot be read: the holding still counts and the photo stays", async () => {
    const user = await userWithPhoto();
    const id = await chain.mint721(user.address, `${metadataBase}/missing`);
    const set = await updateInfo(user, { is_nft: 1, nft: nft(chain.erc721, id) });
    expect(set.body.data).toMatchObject({ is_nft: 1, photo_url: BEFORE });
    const dataImage = await chain.mint721(user.address, jsonDataUri({ image: "data:image/png;base64,AAAA" }));
    expect((await updateInfo(user, { is_nft: 1, nft: nft(chain.erc721, dataImage) })).body.data).toMatchObject({ is_nft: 1, photo_url: BEFORE });
  });

  it("a photo of the user's own ends the NFT avatar", async () => {
    const user = await userWithPhoto();
    const id = await chain.mint721(user.address, `${metadataBase}/meta/9.json`);
    expect((await updateInfo(user, { is_nft: 1, nft: nft(chain.erc721, id) })).body.data).toMatchObject({ is_nft: 1 });
    const own = await updateInfo(user, { photo_url: "https://example.com/mine.png" });
    expect(own.body.data).toMatchObject({ is_nft: 0, photo_url: "https://example.com/mine.png" });
  });

  it("transferred away: the sweep sets is_nft 0 and puts the old photo back (ERC-721 and ERC-1155)", async () => {
    const [first, second, buyer] = [await userWithPhoto(), await userWithPhoto(), await createTestUser()];
    const id = await chain.mint721(first.address, `${metadataBase}/meta/10.json`);
    expect((await updateInfo(first, { is_nft: 1, nft: nft(chain.erc721, id) })).body.data).toMatchObject({ is_nft: 1 });
    await chain.setUri1155(jsonDataUri({ image: "https://example.com/multi.png" }));
    await chain.mint1155(second.address, 11n, 1n);
    expect((await updateInfo(second, { is_nft: 1, nft: nft(chain.erc1155, 11n) })).body.data).toMatchObject({ is_nft: 1 });
    await chain.move721(id, buyer.address);
    await chain.move1155(second.address, buyer.address, 11n, 1n);
    await expect.poll(() => me(first), { timeout: 20_000, interval: 250 }).toMatchObject({ is_nft: 0, photo_url: BEFORE });
    await expect.poll(() => me(second), { timeout: 20_000, interval: 250 }).toMatchObject({ is_nft: 0, photo_url: BEFORE });
  });

  it("still held: the sweep keeps it", async () => {
    const user = await userWithPhoto();
    const id = await chain.mint721(user.address, `${metadataBase}/meta/12.json`);
    expect((await updateInfo(user, { is_nft: 1, nft: nft(chain.erc721, id) })).body.data).toMatchObject({ is_nft: 1 });
    const other = await userWithPhoto();
    const gone = await chain.mint721(other.address, `${metadataBase}/meta/13.json`);
    expect((await updateInfo(other, { is_nft: 1, nft: nft(chain.erc721, gone) })).body.data).toMatchObject({ is_nft: 1 });
    await chain.move721(gone, user.address);
    // Once the other user's avatar has ended, a sweep has read both holdings since they were set.
    await expect.poll(() => me(other), { timeout: 20_000, interval: 250 }).toMatchObject({ is_nft: 0 });
    expect(await me(user)).toMatchObject({ is_nft: 1, photo_url: "https://example.com/nft-12.png" });
  });
});
