import { describe, expect, it } from "vitest";
import { readPostBits, serializeReaderState, writePostBits, type ReaderState } from "./reader-state";

const state = (name: string): ReaderState => ({ viewer: { id: 1, name, image: "" }, bell: { count: 0, cursor: null }, thread: null, darkMode: 2 });

describe("the reader state spliced into a kept page", () => {
  it("cannot close its script element or break the script around it", () => {
    const text = serializeReaderState(state("</script><script>alert(1)</script>\u2028\u2029"));
    expect(text).not.toContain("<");
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(state("</script><script>alert(1)</script>\u2028\u2029"));
  });

  it("writes each post's like and abilities as bits and reads them back", () => {
    const flags = { likedByViewer: true, bookmarkedByViewer: true, canEdit: false, canDelete: true, canRestore: false, canReport: true, authorIgnored: true };
    expect(readPostBits(writePostBits(flags))).toEqual(flags);
    expect(readPostBits(0)).toEqual({
      likedByViewer: false,
      bookmarkedByViewer: false,
      canEdit: false,
      canDelete: false,
      canRestore: false,
      canReport: false,
      authorIgnored: false,
    });
  });
});
