import { pathOf } from "@/lib/api/request";
import { liveStream } from "@/features/live/stream.endpoint";
import { ZLiveEvent, type LiveEvent } from "@/lib/live/live-event";

/** Reads GET /api/live like a browser's EventSource: every event, in order, and a wait for one that matches. */
export async function openLiveStream(baseUrl: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${pathOf(liveStream)}`, { signal: abort.signal, headers: { accept: "text/event-stream" } });
  if (!response.ok || !response.body) throw new Error(`GET /api/live answered ${response.status}`);
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
        if (data) events.push(ZLiveEvent.parse(JSON.parse(data)));
      }
      for (const wake of [...waiters]) wake();
    }
  })();
  return {
    response,
    events,
    /** The first event (from `from` on) that matches, or a timeout error naming `what`. */
    async next(match: (event: LiveEvent) => boolean, what: string, from = 0, timeoutMs = 20_000): Promise<LiveEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no live event: ${what} (got ${JSON.stringify(events.slice(from))})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    async close() {
      abort.abort();
      await pump.catch(() => undefined);
    },
  };
}
