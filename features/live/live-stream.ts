import "server-only";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { clientIp } from "@/lib/http/client-ip";
import type { RequestHead } from "@/lib/http/request-head";
import { subscribeLive } from "@/lib/live/live-hub";
import type { LiveEvent } from "@/lib/live/live-event";
import { trackLiveStream } from "@/lib/live/live-streams";
import { db } from "@/lib/db/client";
import { readPushedTallies } from "./pushed-tallies";

const HEARTBEAT_MS = 20_000;
const perIp = new Map<string, number>();

/**
 * GET /api/live: a Server-Sent Events stream of committed projection changes, at most
 * CAPSULE_LIVE_MAX_PER_IP per client address, with a heartbeat; closed when the client goes away
 * or the server shuts down.
 */
export async function openLiveStream(request: Request | RequestHead, signal: AbortSignal | undefined): Promise<Response> {
  const ip = clientIp(request);
  const open = perIp.get(ip) ?? 0;
  if (open >= config().CAPSULE_LIVE_MAX_PER_IP) throw new AppError("RATE_LIMITED", `At most ${config().CAPSULE_LIVE_MAX_PER_IP} live streams per client; close another tab first`, { headers: { "Retry-After": "30" } });
  if (request.method === "HEAD") return new Response(null, { status: 200, headers: { "content-type": "text/event-stream" } });
  perIp.set(ip, open + 1);
  const encoder = new TextEncoder();
  let finish = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let done = false;
      const send = (text: string) => {
        if (!done) controller.enqueue(encoder.encode(text));
      };
      const sendEvent = (event: LiveEvent) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      const { head, unsubscribe } = await subscribeLive(sendEvent, (capsuleIds) => readPushedTallies(db(), capsuleIds));
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const untrack = trackLiveStream(() => finish());
      finish = () => {
        if (done) return;
        done = true;
        clearInterval(heartbeat);
        unsubscribe();
        untrack();
        const left = (perIp.get(ip) ?? 1) - 1;
        if (left <= 0) perIp.delete(ip);
        else perIp.set(ip, left);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      signal?.addEventListener("abort", () => finish(), { once: true });
      send("retry: 2000\n\n");
      sendEvent({ type: "hello", block: head.block, blockTime: head.blockTime, capsuleIds: [], wallets: [], caseIds: [], kinds: [], everything: false });
    },
    cancel() {
      finish();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression layer from buffering the stream
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
