import WebSocket from "ws";
import { z } from "zod";
import type { Header } from "./chain-reader";
import { traceHeadMessage, traceMark } from "./lag-trace";

const ZMessage = z.object({
  id: z.number().optional(),
  result: z.unknown().optional(),
  error: z.object({ message: z.string() }).optional(),
  method: z.string().optional(),
  params: z
    .object({ subscription: z.string(), result: z.object({ number: z.string(), hash: z.string(), parentHash: z.string(), timestamp: z.string() }).passthrough() })
    .optional(),
});

export type HeadSubscription = { isUp: () => boolean; close: () => Promise<void> };

const PING_MS = 5_000;
const MAX_BACKOFF_MS = 5_000;

/**
 * `eth_subscribe newHeads` on the node's WebSocket. Calls `onHead` for every new head and
 * `onState` when the subscription comes up or goes down; reconnects with a growing pause (250 ms
 * to 5 s) and treats a socket that stops answering pings as down.
 */
export function subscribeNewHeads(options: {
  url: string;
  onHead: (head: Header) => void;
  onState: (up: boolean, reason?: string) => void;
}): HeadSubscription {
  let socket: WebSocket | undefined;
  let up = false;
  let closed = false;
  let backoff = 250;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const setUp = (next: boolean, reason?: string) => {
    if (next === up) return;
    up = next;
    options.onState(next, reason);
  };

  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(options.url, { handshakeTimeout: 5_000 });
    socket = ws;
    let alive = true;
    ws.on("open", () => {
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
      ping = setInterval(() => {
        if (!alive) return ws.terminate();
        alive = false;
        ws.ping();
      }, PING_MS);
    });
    ws.on("pong", () => (alive = true));
    ws.on("message", (data) => {
      alive = true;
      traceHeadMessage();
      let message: z.infer<typeof ZMessage>;
      try {
        message = ZMessage.parse(JSON.parse(data.toString()));
      } catch {
        return;
      }
      if (message.id === 1) {
        if (message.error || typeof message.result !== "string") return ws.close(1011, "newHeads refused");
        backoff = 250;
        return setUp(true);
      }
      if (message.method === "eth_subscription" && message.params) {
        const head = message.params.result;
        traceMark("parsed", Number(BigInt(head.number)));
        options.onHead({ number: Number(BigInt(head.number)), hash: head.hash, parentHash: head.parentHash, timestamp: Number(BigInt(head.timestamp)) });
      }
    });
    ws.on("error", () => undefined); // "close" follows
    ws.on("close", (_code, reason) => {
      if (ping) clearInterval(ping);
      if (socket === ws) socket = undefined;
      if (closed) return void (up = false);
      setUp(false, reason.toString() || "the node's WebSocket closed");
      retry = setTimeout(connect, backoff);
      backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
    });
  };
  connect();

  return {
    isUp: () => up,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const ws = socket;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once("close", () => resolve());
        ws.terminate();
      });
    },
  };
}
