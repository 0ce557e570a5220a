import { describe, expect, it } from "vitest";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getDb } from "@/lib/db/engine/client";
import { call, expectedError } from "../support/api-client";
import { uniqueName } from "../support/fixtures";
import { registerEvmUser, signEvmProof } from "../support/wallet-flow";

// Contract section 7 and issue 10: usernames are NFKC-normalised, refuse characters that draw
// nothing or reorder text, and are unique by look (TR39 skeleton) as well as case-insensitively.

const purseRegister = (username: string) =>
  call<{ user: { id: number; username: string } }>("POST", "/api/v2/purse/register", {
    body: { web3_public_key: createEvmTestWallet().checksumAddress, username },
  });

const walletRegister = async (username: string) =>
  call<{ user: { id: number; username: string } }>("POST", "/api/wallet/register", {
    body: { ...(await signEvmProof(createEvmTestWallet())), username, photo_url: "" },
  });

const updateUsername = (token: string, username: string) => call("POST", "/api/user/update_info", { token, body: { username } });

/** Each printable ASCII character as its fullwidth form (ａ for a, －for -). */
const fullwidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));

async function countUsersNamed(username: string): Promise<number> {
  return (await getDb()).user.count({ where: { username } });
}

describe("username normalisation (NFKC)", () => {
  it("stores a fullwidth name as its plain letters", async () => {
    const plain = uniqueName("wide");
    const response = await purseRegister(fullwidth(plain));
    expect(response.status).toBe(200);
    expect(response.body.data.user.username).toBe(plain);
  });

  it.each([
    ["purse register (v2)", (name: string) => purseRegister(name), "v2"],
    ["wallet register (api)", (name: string) => walletRegister(name), "api"],
  ] as const)("answers 409 / 40900 for the fullwidth form of a taken name: %s", async (_, register, family) => {
    const taken = await registerEvmUser({ username: uniqueName("taken") });
    const response = await register(fullwidth(taken.username));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject(expectedError(family, 40900));
    expect(response.body.description).toMatch(/username/);
  });
});

describe("invisible and format characters", () => {
  it.each([
    ["a zero-width space", "\u200B"],
    ["a zero-width joiner", "\u200D"],
    ["a right-to-left override", "\u202E"],
    ["a right-to-left isolate", "\u2067"],
    ["a left-to-right mark", "\u200E"],
    ["a soft hyphen", "\u00AD"],
    ["a byte-order mark", "\uFEFF"],
    ["a Hangul filler", "\u3164"],
    ["a variation selector", "\uFE0F"],
    ["a control character", "\u0007"],
    ["a line separator", "\u2028"],
  ])("refuses %s with 400 / 40000 naming username, and creates nobody", async (_, character) => {
    const name = uniqueName("in");
    const username = `${name.slice(0, 4)}${character}${name.slice(4)}`;
    for (const [response, family] of [
      [await purseRegister(username), "v2"],
      [await walletRegister(username), "api"],
    ] as const) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject(expectedError(family, 40000));
      expect(response.body.description).toMatch(/^username: must not contain invisible/);
    }
    expect(await countUsersNamed(username)).toBe(0);
    expect(await countUsersNamed(name)).toBe(0);
  });

  it("refuses them in update info too, and keeps the old name", async () => {
    const user = await registerEvmUser();
    const response = await updateUsername(user.token, `${user.username}\u200B`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("api", 40000));
    expect(await countUsersNamed(user.username)).toBe(1);
  });

  it("counts characters, not UTF-16 units", async () => {
    const emoji = "\u{1F600}";
    expect((await purseRegister(emoji.repeat(16) + uniqueName("e").slice(0, 16))).status).toBe(200);
    const tooLong = await purseRegister(emoji.repeat(33));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.description).toMatch(/^username: must be at most 32/);
  });
});

describe("look-alike names (TR39 confusable skeleton)", () => {
  it.each([
    ["a Cyrillic а for a Latin a", (name: string) => name.replace("a", "\u0430")],
    ["a Greek ο for a Latin o", (name: string) => name.replace("o", "\u03BF")],
    ["rn for m", (name: string) => name.replace("m", "rn")],
    ["a capital I for an l", (name: string) => name.replace("l", "I")],
  ])("answers 409 / 40900 for %s, on every path that sets a username", async (_, disguise) => {
    const holder = await registerEvmUser({ username: uniqueName("alamo") });
    const lookAlike = disguise(holder.username);
    expect(lookAlike).not.toBe(holder.username);
    const other = await registerEvmUser();
    for (const [response, family] of [
      [await purseRegister(lookAlike), "v2"],
      [await walletRegister(lookAlike), "api"],
      [await updateUsername(other.token, lookAlike), "api"],
    ] as const) {
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject(expectedError(family, 40900));
    }
    expect(await countUsersNamed(lookAlike)).toBe(0);
    expect(await countUsersNamed(other.username)).toBe(1);
  });

  it("lets a user rename to a look-alike of their own name (the only holder of that look)", async () => {
    const user = await registerEvmUser({ username: uniqueName("mel") });
    const response = await updateUsername(user.token, user.username.replace("l", "I"));
    expect(response.status).toBe(200);
  });

  it.each([
    ["Cyrillic", "Иван"],
    ["Greek", "Ἀλέξανδρος"],
    ["Japanese", "山田太郎"],
    ["Arabic", "محمد"],
    ["Devanagari", "अर्जुन"],
    ["accented Latin", "José-Ñúñez"],
  ])("accepts a %s name", async (_, name) => {
    const username = `${name}-${uniqueName("n").slice(2)}`;
    const response = await purseRegister(username);
    expect(response.status).toBe(200);
    expect(response.body.data.user.username).toBe(username.normalize("NFKC"));
  });
});
