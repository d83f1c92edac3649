"use client";

import { z } from "zod";
import { listenToTabs, tellTabs } from "@/components/live/tab-channel";

// The article draft autosaves its whole form to the bridge. Two tabs of one browser with the same draft open would
// each save their own fields over the other's, silently, the older over the newer. A tab that saved a draft says so
// on this channel (same origin, same browser: BroadcastChannel); another tab editing that draft then stops saving
// until its writer chooses a version (components/capsules/use-autosave.ts). Tabs in another browser are not told: the
// bridge refuses their next save instead (409 DRAFT_CHANGED, the revision each save names).

const CHANNEL = "capsule.desk.draft-saves";

const ZDraftSaved = z.object({ capsuleId: z.string().regex(/^\d{1,20}$/), tab: z.string().min(1).max(64), revision: z.number().int().nonnegative().optional() });

/** Tells the browser's other tabs that `tab` saved draft `capsuleId`, at `revision` when known; a browser without BroadcastChannel tells none. */
export function tellDraftSaved(capsuleId: string, tab: string, revision?: number): void {
  if (capsuleId) tellTabs(CHANNEL, { capsuleId, tab, ...(revision === undefined ? {} : { revision }) });
}

/** Calls `onSaved` with the saved revision (when told) each time another tab than `tab` saves draft `capsuleId`; answers the function that stops listening. */
export function listenForDraftSaves(capsuleId: string, tab: string, onSaved: (saved: { revision?: number }) => void): () => void {
  return listenToTabs(CHANNEL, ZDraftSaved, (news) => {
    if (news.capsuleId === capsuleId && news.tab !== tab) onSaved(news.revision === undefined ? {} : { revision: news.revision });
  });
}
