"use client";

import { z } from "zod";
import { listenToTabs, tellTabs } from "@/components/live/tab-channel";

// The article draft autosaves its whole form to the bridge. Two tabs of one browser with the same draft open would
// each save their own fields over the other's, silently, the older over the newer. A tab that saved a draft says so
// on this channel (same origin, same browser: BroadcastChannel); another tab editing that draft then stops saving
// until its writer chooses a version (components/capsules/use-autosave.ts). Tabs in another browser are not told.

const CHANNEL = "capsule.desk.draft-saves";

const ZDraftSaved = z.object({ capsuleId: z.string().regex(/^\d{1,20}$/), tab: z.string().min(1).max(64) });

/** Tells the browser's other tabs that `tab` saved draft `capsuleId`; a browser without BroadcastChannel tells none. */
export function tellDraftSaved(capsuleId: string, tab: string): void {
  if (capsuleId) tellTabs(CHANNEL, { capsuleId, tab });
}

/** Calls `onSaved` each time another tab than `tab` saves draft `capsuleId`; answers the function that stops listening. */
export function listenForDraftSaves(capsuleId: string, tab: string, onSaved: () => void): () => void {
  return listenToTabs(CHANNEL, ZDraftSaved, (news) => {
    if (news.capsuleId === capsuleId && news.tab !== tab) onSaved();
  });
}
