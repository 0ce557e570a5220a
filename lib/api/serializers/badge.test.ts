import { describe, expect, it } from "vitest";
import { serializeAuthorFace, serializeUserTitle } from "@/lib/api/serializers/badge";
import type { AuthorFace } from "@/lib/db/badge-faces";

const badge = (id: number) => ({ badgeId: id, name: `B${id}`, description: `d${id}`, imageUrl: `https://x/${id}.png`, originUrl: "" });

describe("user_title (contract section 19)", () => {
  it("is the chosen badge, else a moderator's role with id 0, else empty", () => {
    const chosen: AuthorFace = { badges: [], title: { badgeId: 4, name: "Sage" }, role: "moderator" };
    expect(serializeUserTitle(chosen)).toEqual([{ id: 4, title: "Sage" }]);
    expect(serializeUserTitle({ badges: [], title: null, role: "owner" })).toEqual([{ id: 0, title: "Owner" }]);
    expect(serializeUserTitle({ badges: [], title: null, role: "admin" })).toEqual([{ id: 0, title: "Admin" }]);
    expect(serializeUserTitle({ badges: [], title: null, role: null })).toEqual([]);
    expect(serializeUserTitle(undefined)).toEqual([]);
  });

  it("badge lists the author's faces as {event_id, desc, image_url, origin_url}; an author not on the page has none", () => {
    const faces = new Map([[7, { badges: [badge(3), badge(2)], title: null, role: null } satisfies AuthorFace]]);
    expect(serializeAuthorFace(faces, 7)).toEqual({
      badge: [
        { event_id: 3, desc: "d3", image_url: "https://x/3.png", origin_url: "" },
        { event_id: 2, desc: "d2", image_url: "https://x/2.png", origin_url: "" },
      ],
      user_title: [],
    });
    expect(serializeAuthorFace(faces, 8)).toEqual({ badge: [], user_title: [] });
  });
});
