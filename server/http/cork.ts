import type { ServerResponse } from "node:http";

/**
 * Next.js sends an answer's head on its own (`flushHeaders()` before the first body chunk), then
 * the body: two socket writes for a one-chunk JSON answer (strace: a write of the head, a writev
 * of the chunk and the chunked terminator). Corked from the head to the end of that turn of the
 * event loop, they leave in one writev. A stream (Server-Sent Events) is held back by one turn at
 * most; later chunks are not corked.
 */
export function corkHead(res: ServerResponse): void {
  const flushHeaders = res.flushHeaders;
  res.flushHeaders = function corkedFlushHeaders(this: ServerResponse) {
    const socket = this.socket;
    if (socket && !socket.destroyed) {
      socket.cork();
      setImmediate(() => socket.uncork());
    }
    flushHeaders.call(this);
  };
}
