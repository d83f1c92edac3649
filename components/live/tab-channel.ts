"use client";

import type { z } from "zod";

// This browser's other tabs of the desk, told over a named BroadcastChannel (same origin, same browser only). What
// arrives is checked against the channel's schema: another page of the origin could post anything.

/** Posts `message` to the other tabs listening on `channel`; a browser without BroadcastChannel tells none. */
export function tellTabs(channel: string, message: unknown): void {
  if (typeof BroadcastChannel === "undefined") return;
  const sender = new BroadcastChannel(channel);
  sender.postMessage(message);
  sender.close();
}

/** Calls `onMessage` with each message on `channel` that `schema` accepts; answers the function that stops listening. */
export function listenToTabs<T>(channel: string, schema: z.ZodType<T>, onMessage: (message: T) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const receiver = new BroadcastChannel(channel);
  receiver.onmessage = (event: MessageEvent<unknown>) => {
    const parsed = schema.safeParse(event.data);
    if (parsed.success) onMessage(parsed.data);
  };
  return () => receiver.close();
}
