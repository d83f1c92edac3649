import { afterEach, describe, expect, it } from "vitest";
import { staleKeysOf, tellOtherTabs } from "@/components/live/other-tabs";

// Node has the browser's BroadcastChannel: what one tab tells is what another tab's channel receives.
const opened: BroadcastChannel[] = [];
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

function listen(): Promise<unknown> {
  const channel = new BroadcastChannel("capsule.desk.private-changes");
  opened.push(channel);
  return new Promise((resolve) => {
    channel.onmessage = (message: MessageEvent<unknown>) => resolve(message.data);
  });
}

describe("news for this browser's other tabs", () => {
  it("reaches another tab's channel with the area and nothing else", async () => {
    const heard = listen();
    tellOtherTabs({ area: "roles", outletSlug: "harbour-gazette" });
    expect(await heard).toEqual({ area: "roles", outletSlug: "harbour-gazette" });
  });

  it("makes stale the inbox, or the wallet's roles and offers and the outlet's members", () => {
    expect(staleKeysOf({ area: "inbox" })).toEqual([["inbox"]]);
    expect(staleKeysOf({ area: "roles" })).toEqual([["wallet-roles"]]);
    expect(staleKeysOf({ area: "roles", outletSlug: "harbour-gazette" })).toEqual([["wallet-roles"], ["outlets", "users", "harbour-gazette"]]);
  });
});
