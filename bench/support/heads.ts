import WebSocket from "ws";

/** Wall-clock milliseconds (sub-millisecond), comparable with the server's trace marks. */
export const wallNow = () => performance.timeOrigin + performance.now();

/** This bench's own `eth_subscribe newHeads`: next() answers the next head announced after the call, with the moment its message arrived. */
export async function followHeads(wsUrl: string): Promise<{ next: () => Promise<{ number: number; at: number }>; close: () => void }> {
  const ws = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let waiting: ((head: { number: number; at: number }) => void) | undefined;
  let subscribed: (() => void) | undefined;
  ws.on("message", (data) => {
    const at = wallNow();
    const message = JSON.parse(data.toString()) as { id?: number; params?: { result?: { number?: string } } };
    if (message.id === 1) return subscribed?.();
    const number = message.params?.result?.number;
    if (number === undefined || !waiting) return;
    const resolve = waiting;
    waiting = undefined;
    resolve({ number: Number(BigInt(number)), at });
  });
  await new Promise<void>((resolve) => {
    subscribed = resolve;
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
  });
  return {
    next: () => new Promise((resolve) => (waiting = resolve)),
    close: () => ws.terminate(),
  };
}

