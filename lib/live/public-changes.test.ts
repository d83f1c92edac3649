import { describe, expect, it } from "vitest";
import { isPublicChange, isPublicKind, PUBLIC_BRIDGE_CHANGES } from "./public-changes";

describe("the changes the public live stream may carry", () => {
  it("carries the chain's events and the listed bridge writes", () => {
    expect(isPublicKind("capsuleAcceptance:VoteCast")).toBe(true);
    expect(isPublicKind("juryCourt:CaseOpened")).toBe(true);
    for (const what of PUBLIC_BRIDGE_CHANGES) expect(isPublicKind(`bridge:${what}`)).toBe(true);
  });

  it("keeps a pending role offer, an inbox read mark and any unlisted bridge write off it", () => {
    expect(isPublicKind("bridge:roles.offered")).toBe(false);
    expect(isPublicKind("bridge:inbox.read")).toBe(false);
    expect(isPublicKind("bridge:something.new")).toBe(false);
    expect(isPublicChange({ kinds: ["bridge:court.reply", "bridge:inbox.read"] })).toBe(false);
    expect(isPublicChange({ kinds: ["capsuleAcceptance:VoteCast", "articleRegistry:CapsuleFinalized"] })).toBe(true);
  });

  it("carries a change too large to list (no kinds: it says only that something changed)", () => {
    expect(isPublicChange({ kinds: [] })).toBe(true);
  });
});
