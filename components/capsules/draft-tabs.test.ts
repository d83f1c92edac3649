import { describe, expect, it } from "vitest";
import { listenForDraftSaves, tellDraftSaved } from "./draft-tabs";

// Node has the browser's BroadcastChannel: two channel objects of one name in one process reach each other as two
// tabs of one browser do.

/** What one tab hears while `act` runs, once the channel had time to deliver (a second, round trip marker). */
async function heard(capsuleId: string, tab: string, act: () => void): Promise<number> {
  let count = 0;
  const stop = listenForDraftSaves(capsuleId, tab, () => void count++);
  const marker = new Promise<void>((resolve) => {
    const stopMarker = listenForDraftSaves("999999", "listener", () => {
      stopMarker();
      resolve();
    });
  });
  act();
  tellDraftSaved("999999", "marker"); // delivered after what act sent, in order
  await marker;
  stop();
  return count;
}

describe("draft saves told between tabs", () => {
  it("another tab's save of the same draft is heard", async () => {
    expect(await heard("12", "tab-a", () => tellDraftSaved("12", "tab-b"))).toBe(1);
  });

  it("the tab's own save, and another draft's, are not", async () => {
    expect(await heard("12", "tab-a", () => tellDraftSaved("12", "tab-a"))).toBe(0);
    expect(await heard("12", "tab-a", () => tellDraftSaved("13", "tab-b"))).toBe(0);
  });

  it("carries the revision the other tab saved, which keeping this tab's version then names", async () => {
    const told = new Promise<{ revision?: number }>((resolve) => {
      const stop = listenForDraftSaves("14", "tab-a", (saved) => {
        stop();
        resolve(saved);
      });
    });
    tellDraftSaved("14", "tab-b", 7);
    expect(await told).toEqual({ revision: 7 });
  });
});
