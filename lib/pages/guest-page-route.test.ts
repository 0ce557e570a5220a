import { describe, expect, it } from "vitest";
import { guestPageTarget } from "./guest-page-route";

describe("guestPageTarget", () => {
  it.each([
    ["/", { kind: "directory" }],
    ["/g/agora-lounge", { kind: "group", groupName: "agora-lounge" }],
    ["/g/agora-lounge/", { kind: "group", groupName: "agora-lounge" }],
    ["/g/agora-lounge/c/12", { kind: "group", groupName: "agora-lounge" }],
    ["/g/agora-lounge/t/42/welcome-to-agora", { kind: "thread", groupName: "agora-lounge", threadId: 42 }],
  ])("keeps %s", (path, target) => {
    expect(guestPageTarget(path)).toEqual(target);
  });

  it.each([
    "/g/agora-lounge/t/42", // answers with a redirect to the slugged address
    "/g/agora-lounge/t/42/slug/extra",
    "/g/agora-lounge/t/0/slug",
    "/g/agora-lounge/t/99999999999/slug",
    "/g/Agora-Lounge",
    "/g/ab",
    "/g/agora-lounge/modlog",
    "/g/agora-lounge/members",
    "/g/agora-lounge/settings",
    "/search",
    "/u/1",
    "/notifications",
    "/signin",
  ])("renders %s every time", (path) => {
    expect(guestPageTarget(path)).toBeNull();
  });
});
