import { describe, expect, it } from "vitest";
import { keccak256, stringToBytes } from "viem";
import { canonicalJson, contentHash } from "./content-hash";

describe("contentHash", () => {
  it("hashes the canonical form, whatever the key order and spacing", () => {
    const a = contentHash('[{"insert":"hi\\n","attributes":{"bold":true,"italic":true}}]');
    const b = contentHash('[ {"attributes":{"italic":true,"bold":true}, "insert":"hi\\n"} ]');
    expect(a).toBe(b);
    expect(a).toBe(keccak256(stringToBytes('[{"attributes":{"bold":true,"italic":true},"insert":"hi\\n"}]')));
  });

  it("differs when one character of the text differs", () => {
    expect(contentHash('[{"insert":"hi\\n"}]')).not.toBe(contentHash('[{"insert":"ho\\n"}]'));
  });

  it("writes numbers in their shortest ECMAScript form", () => {
    expect(canonicalJson({ n: 1.0, m: 1e21 })).toBe('{"m":1e+21,"n":1}');
  });
});
