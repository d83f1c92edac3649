import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NotDuePanel, type BurnPhase } from "@/components/burn/burn-progress";

const HASH = `0x${"ab".repeat(32)}` as const;
const panel = (phase: BurnPhase) => renderToStaticMarkup(createElement(NotDuePanel, { nextBurnAt: 1_800_000_000, inSeconds: 7 * 86_400, phase }));

// The status refreshes while a burn is in flight: once the burn lands it says "not due", and the visitor's
// own burn must not vanish from the page with the "due" panel.
describe("the burn panel while no burn is due", () => {
  it("says when the next burn is due", () => {
    const html = panel({ step: "idle" });
    expect(html).toContain('data-due="false"');
    expect(html).toContain("No burn is due yet.");
    expect(html).toContain("in 7 days");
    expect(html).not.toContain('data-testid="burn-pending"');
  });

  it("still shows a burn of this visitor that is waiting to be mined", () => {
    const html = panel({ step: "mining", hash: HASH });
    expect(html).toContain("Burn sent; waiting for it to be mined");
    expect(html).toContain(HASH);
  });

  it("still shows why a burn of this visitor failed", () => {
    const html = panel({ step: "failed", message: "The burn transaction was reverted on chain. Nothing was burned." });
    expect(html).toContain("The burn transaction was reverted on chain. Nothing was burned.");
  });
});
