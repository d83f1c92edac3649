"use client";

import { useQueryClient, type Query, type QueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { pathOf } from "@/lib/api/request";
import { liveStream } from "@/features/live/stream.endpoint";
import { onlyVotes, ZLiveEvent, type LiveEvent } from "@/lib/live/live-event";
import { withPushedTally } from "@/lib/live/pushed-tally";
import { withPushedVotes } from "@/lib/live/pushed-votes";
import { useNewsFromOtherTabs } from "./other-tabs";

// One EventSource per page on GET /api/live. Every pushed change refetches exactly the queries it
// names (capsule reads and votes, court cases, inboxes) and moves the page's chain clock to the
// block's time, so voters, tally, window closing and finalization move together and without polling.
// A change holding only votes carries the new tallies and newest voter rows: a capsule's cached read
// takes its tally, and a cached vote list its new rows with the tally, from the event instead of being
// read again by every open page (a list the rows do not provably continue is read again).
// Queries keyed per capsule/case/wallet follow the key factories' shapes: [area, kind, id].

export type LiveState = "connecting" | "live" | "offline";
type Head = { blockTime: number; observedAt: number };
type Listener = (event: LiveEvent) => void;
type LiveContext = { state: LiveState; head: Head | undefined; subscribe: (listener: Listener) => () => void };

const REOPEN_FIRST_MS = 15_000;
const REOPEN_MAX_MS = 300_000;

const Context = createContext<LiveContext>({ state: "offline", head: undefined, subscribe: () => () => undefined });

const touches = (key: readonly unknown[], event: LiveEvent): boolean => {
  const [area, second, id] = key;
  // a wallet's roles (["wallet-roles", wallet, slug?]): a role granted or revoked, an outlet registered
  if (area === "wallet-roles") return typeof second === "string" && event.wallets.some((wallet) => wallet.toLowerCase() === second.toLowerCase());
  if (typeof id !== "string") return false;
  if (area === "capsules") return event.capsuleIds.includes(id);
  if (area === "court") return event.caseIds.includes(id) || event.capsuleIds.includes(id);
  if (area === "inbox") return event.wallets.some((wallet) => wallet.toLowerCase() === id.toLowerCase());
  return false;
};

/**
 * Gives each cached capsule read (["capsules", "detail", id, …]) its pushed tally, and each cached vote
 * list (["capsules", "votes", id, page]) the pushed rows with that tally; answers the queries that need no
 * re-read for it: all of them on a change of votes alone, except one whose read is under way (its answer
 * may predate the vote, so it is read again) and a vote list the rows do not provably continue.
 */
function patchTallies(queryClient: QueryClient, event: LiveEvent): Set<Query> {
  const patched = new Set<Query>();
  const cache = queryClient.getQueryCache();
  const answered = (query: Query) => onlyVotes(event) && query.state.fetchStatus !== "fetching";
  for (const tally of event.tallies ?? []) {
    for (const query of cache.findAll({ queryKey: ["capsules", "detail", tally.capsuleId] })) {
      if (query.state.data === undefined) continue;
      queryClient.setQueryData(query.queryKey, (data: unknown) => withPushedTally(data, tally));
      if (answered(query)) patched.add(query);
    }
    const votes = event.votes?.find((pushed) => pushed.capsuleId === tally.capsuleId);
    if (!votes) continue;
    for (const query of cache.findAll({ queryKey: ["capsules", "votes", tally.capsuleId] })) {
      if (query.state.data === undefined || !answered(query)) continue;
      const next = withPushedVotes(query.state.data, votes);
      if (next === undefined) continue;
      queryClient.setQueryData(query.queryKey, withPushedTally(next, tally));
      patched.add(query);
    }
  }
  return patched;
}

export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  const [head, setHead] = useState<Head | undefined>();
  const listeners = useRef(new Set<Listener>());
  useNewsFromOtherTabs();

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A stream the bridge refused (429 with too many tabs, 503) is closed for good by the browser:
    // open it again later, doubling the wait, so a refused page never hammers the bridge.
    let reopenAfterMs = REOPEN_FIRST_MS;
    const onEvent = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = ZLiveEvent.parse(JSON.parse(message.data));
      } catch {
        return;
      }
      setState("live");
      reopenAfterMs = REOPEN_FIRST_MS;
      if (event.blockTime > 0) setHead((current) => (current && current.blockTime > event.blockTime && !event.everything ? current : { blockTime: event.blockTime, observedAt: Date.now() }));
      if (event.type === "change") {
        if (event.everything) void queryClient.invalidateQueries();
        else {
          const patched = patchTallies(queryClient, event);
          void queryClient.invalidateQueries({ predicate: (query) => touches(query.queryKey, event) && !patched.has(query) });
          if (event.capsuleIds.length > 0) void queryClient.invalidateQueries({ queryKey: ["capsules", "list"] });
          if (event.caseIds.length > 0) void queryClient.invalidateQueries({ queryKey: ["court", "list"] });
        }
      }
      for (const listener of [...listeners.current]) listener(event);
    };
    const open = () => {
      const stream = new EventSource(pathOf(liveStream));
      source = stream;
      stream.addEventListener("hello", onEvent);
      stream.addEventListener("change", onEvent);
      stream.onopen = () => setState("live");
      stream.onerror = () => {
        if (stream.readyState !== EventSource.CLOSED) return setState("connecting");
        setState("offline");
        retry = setTimeout(open, reopenAfterMs);
        reopenAfterMs = Math.min(REOPEN_MAX_MS, reopenAfterMs * 2);
      };
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const value = useMemo<LiveContext>(() => ({ state, head, subscribe }), [state, head, subscribe]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The page's push channel: its state, the last block time it carried, and a subscribe for extra reactions. */
export const useLive = () => useContext(Context);
