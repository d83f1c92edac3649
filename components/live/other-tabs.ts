"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { z } from "zod";
import { listenToTabs, tellTabs } from "./tab-channel";

// What this browser's other tabs of the desk should read again after a private change made here: the
// public stream does not carry a read mark moved or a role offer declined, withdrawn or made (they are
// the wallet's own business), so without this another open tab would keep showing them until shown
// again. Same origin and same browser only (BroadcastChannel); the news names an area, never a session.

const CHANNEL = "capsule.desk.private-changes";

const ZTabNews = z.discriminatedUnion("area", [
  z.object({ area: z.literal("inbox") }),
  z.object({ area: z.literal("roles"), outletSlug: z.string().max(64).optional() }),
]);
export type TabNews = z.infer<typeof ZTabNews>;

/** The query keys a piece of news makes stale (the shapes of components/inbox and components/roles' key factories). */
export function staleKeysOf(news: TabNews): ReadonlyArray<readonly string[]> {
  if (news.area === "inbox") return [["inbox"]];
  return news.outletSlug ? [["wallet-roles"], ["outlets", "users", news.outletSlug]] : [["wallet-roles"]];
}

/** Tells the other open tabs of this browser what to read again; a browser without BroadcastChannel is told nothing. */
export function tellOtherTabs(news: TabNews): void {
  tellTabs(CHANNEL, news);
}

/** Reads again what another tab of this browser changed privately (mounted once, by the live provider). */
export function useNewsFromOtherTabs(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenToTabs(CHANNEL, ZTabNews, (news) => {
        for (const queryKey of staleKeysOf(news)) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient],
  );
}
