import "server-only";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { clientNetwork } from "@/lib/http/client-ip";
import type { RequestHead } from "@/lib/http/request-head";
import { subscribeLive } from "@/lib/live/live-hub";
import type { LiveEvent } from "@/lib/live/live-event";
import { trackLiveStream } from "@/lib/live/live-streams";
import { database } from "@/lib/db/client";
import { readPushedVotes } from "./pushed-tallies";

const HEARTBEAT_MS = 20_000;
const perIp = new Map<string, number>();
/** Streams open on this server, every address together (CAPSULE_LIVE_MAX_TOTAL). */
let openTotal = 0;
const encoder = new TextEncoder();
const PING = encoder.encode(": ping\n\n");
const RETRY = encoder.encode("retry: 2000\n\n");
/**
 * Events a stream may hold that its client has not taken. A client that stops reading (a suspended laptop, a
 * deliberate stall) holds its socket's buffer, then the stream's queue, which grew with every change for as long as
 * the connection stayed open; past this many the stream is dropped and the client, reconnecting, starts from `hello`.
 */
export const LIVE_MAX_QUEUED = 256;

// The hub hands the same event object to every stream: its bytes are made once, not once per stream
// (a thousand open vote pages each stringified and encoded the change before the last one got it).
const encodedEvents = new WeakMap<LiveEvent, Uint8Array>();
function encodedEvent(event: LiveEvent): Uint8Array {
  let bytes = encodedEvents.get(event);
  if (!bytes) {
    bytes = encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    encodedEvents.set(event, bytes);
  }
  return bytes;
}

/** Takes one of the address's stream slots; answers its release, which gives it back once however often it is called. */
function takeSlot(ip: string): () => void {
  perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
  openTotal += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    openTotal -= 1;
    const left = (perIp.get(ip) ?? 1) - 1;
    if (left <= 0) perIp.delete(ip);
    else perIp.set(ip, left);
  };
}

/**
 * GET /api/live: a Server-Sent Events stream of committed projection changes, at most
 * CAPSULE_LIVE_MAX_PER_IP per client address and CAPSULE_LIVE_MAX_TOTAL in all (the per-address cap
 * counts an IPv6 client by its /64, and a client holding many networks is bounded only by the total),
 * with a heartbeat; closed when the client goes away or the server shuts down. A client may leave
 * while the stream is still subscribing (a page navigated away at once): the stream then ends as soon
 * as it can, so its slot and its place among the hub's listeners are given back.
 */
export async function openLiveStream(request: Request | RequestHead, signal: AbortSignal | undefined): Promise<Response> {
  const ip = clientNetwork(request);
  const open = perIp.get(ip) ?? 0;
  if (open >= config().CAPSULE_LIVE_MAX_PER_IP) throw new AppError("RATE_LIMITED", `At most ${config().CAPSULE_LIVE_MAX_PER_IP} live streams per client; close another tab first`, { headers: { "Retry-After": "30" } });
  if (openTotal >= config().CAPSULE_LIVE_MAX_TOTAL) throw new AppError("RATE_LIMITED", `At most ${config().CAPSULE_LIVE_MAX_TOTAL} live streams are open on this server; try again shortly`, { headers: { "Retry-After": "30" } });
  if (request.method === "HEAD") return new Response(null, { status: 200, headers: { "content-type": "text/event-stream" } });
  const release = takeSlot(ip);
  const cleanups: Array<() => void> = [release];
  let done = false;
  let close = () => undefined as void;
  const finish = () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    close();
  };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      close = () => {
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const send = (bytes: Uint8Array) => {
        if (done) return;
        if ((controller.desiredSize ?? 0) < -LIVE_MAX_QUEUED) return dropSlowClient();
        try {
          controller.enqueue(bytes);
        } catch {
          finish(); // the client went away without the abort reaching this stream
        }
      };
      // The queue is discarded (an error, not a close, which would keep it for the client to read) and the stream
      // leaves the hub; its slot stays taken until the request ends, so stalled streams count against the limits.
      const dropSlowClient = () => {
        const held = cleanups.indexOf(release);
        if (signal && !signal.aborted && held >= 0) {
          cleanups.splice(held, 1);
          signal.addEventListener("abort", release, { once: true });
        }
        close = () => {
          try {
            controller.error(new DOMException(`the client left more than ${LIVE_MAX_QUEUED} events unread`, "AbortError"));
          } catch {
            // already closed by the client
          }
        };
        finish();
      };
      const sendEvent = (event: LiveEvent) => send(encodedEvent(event));
      signal?.addEventListener("abort", finish, { once: true });
      if (signal?.aborted) return finish();
      cleanups.push(trackLiveStream(finish));
      const { head, unsubscribe } = await subscribeLive(sendEvent, (capsuleIds) => readPushedVotes(database(), capsuleIds));
      if (done) return unsubscribe(); // the client left while this stream subscribed
      const heartbeat = setInterval(() => send(PING), HEARTBEAT_MS);
      cleanups.push(unsubscribe, () => clearInterval(heartbeat));
      send(RETRY);
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
