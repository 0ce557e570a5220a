import { describe, expect, it } from "vitest";
import { requiredPhrases } from "./phrases";

describe("requiredPhrases", () => {
  it("keeps each closed quoted phrase of two words or more", () => {
    expect(requiredPhrases('"ledger pruning"')).toEqual(["ledger pruning"]);
    expect(requiredPhrases('validator "ledger pruning" and "snapshot mempool oracle"')).toEqual(["ledger pruning", "snapshot mempool oracle"]);
  });

  it("leaves out one-word phrases, unclosed quotes and plain words", () => {
    expect(requiredPhrases('"ledger"')).toEqual([]);
    expect(requiredPhrases('"ledger pruning')).toEqual([]);
    expect(requiredPhrases("ledger pruning")).toEqual([]);
    expect(requiredPhrases('""')).toEqual([]);
  });

  it("leaves out excluded phrases, however the minus is written", () => {
    expect(requiredPhrases('-"ledger pruning"')).toEqual([]);
    expect(requiredPhrases('oracle - "ledger pruning"')).toEqual([]);
    expect(requiredPhrases('oracle-"ledger pruning" "bridge custody"')).toEqual(["bridge custody"]);
  });

  it("keeps nothing when an `or` makes any part optional", () => {
    expect(requiredPhrases('"ledger pruning" or oracle')).toEqual([]);
    expect(requiredPhrases('"ledger pruning" OR "bridge custody"')).toEqual([]);
    expect(requiredPhrases('"this or that"')).toEqual([]);
    expect(requiredPhrases('oracle "ledger pruning"or"bridge custody"')).toEqual([]);
    expect(requiredPhrases('"ordinal pruning" orbit')).toEqual(["ordinal pruning"]);
  });
});
