import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { caseClock, moveOnState } from "@/components/court/move-on";
import { MoveOnControl } from "@/components/court/move-on-control";

const END = 1_765_000_000;
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
const render = (state: ReturnType<typeof moveOnState>, period = "evidence") => renderToStaticMarkup(createElement(MoveOnControl, { state, period, pending: false, onMove: () => undefined }));

describe("moving a jury case on", () => {
  it("offers no button while the period's known end is ahead, and says when it will be possible", () => {
    const state = moveOnState({ period: "evidence", periodEndsAt: String(END), workDone: false, now: END - 3_600, estimated: false });
    expect(state).toMatchObject({ kind: "wait", endsAt: END, secondsLeft: 3_600, estimated: false });
    const html = render(state);
    expect(html).not.toContain("<button");
    // the end's time is said once, on the panel's "Ends …" line: not again here
    expect(text(html)).toBe("You can move the case on when this period ends.");
    expect(html).not.toMatch(/\d{1,2}:\d{2}|left/);
  });

  it("says the time is an estimate when the page has not read the chain's clock", () => {
    // no block read yet: the wall clock, moved up to the case's last event (a dev chain may run ahead)
    const clock = caseClock({ now: END - 7_200, fromBlock: false }, END - 3_600);
    expect(clock).toEqual({ now: END - 3_600, estimated: true });
    const html = render(moveOnState({ period: "commit", periodEndsAt: String(END), workDone: false, ...clock }), "commit");
    expect(html).not.toContain("<button");
    expect(text(html)).toBe("You can move the case on when this period ends, or as soon as every juror has committed. The time left is estimated from the case’s last event: this page has not read the chain’s clock yet.");
    expect(html).not.toContain("1 h 0 min");
  });

  it("reads the chain's block clock when it has one, even if the case's last event is later", () => {
    expect(caseClock({ now: END, fromBlock: true }, END + 50)).toEqual({ now: END, estimated: false });
  });

  it("shows the button once the end is reached on that clock, or when every juror has acted", () => {
    expect(moveOnState({ period: "evidence", periodEndsAt: String(END), workDone: false, now: END, estimated: false })).toEqual({ kind: "ready" });
    expect(moveOnState({ period: "reveal", periodEndsAt: String(END), workDone: true, now: END - 100, estimated: false })).toEqual({ kind: "ready" });
    expect(text(render({ kind: "ready" }))).toBe("Move the case on");
  });

  it("without a known end, says what it waits for and offers no button", () => {
    const html = render(moveOnState({ period: "reveal", periodEndsAt: null, workDone: false, now: END, estimated: false }), "reveal");
    expect(html).not.toContain("<button");
    expect(text(html)).toBe("The reveal period can be moved on when it ends, or as soon as every juror has revealed.");
  });
});
