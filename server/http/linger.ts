import type http from "node:http";
import type { Socket } from "node:net";

export type LingerLimits = { maxBytes: number; maxMs: number };

/** The request a connection carries now: the one whose body may still be arriving when it closes. */
const latestRequest = new WeakMap<Socket, http.IncomingMessage>();

/** What the server reads and throws away, at most, after answering before a body ended. */
export const DEFAULT_LINGER: LingerLimits = { maxBytes: 16 * 1024 * 1024, maxMs: 5_000 };

/**
 * Early answers (a 413 from the declared length, a 401 or 405 before the body is read) leave the
 * client still sending. On a `Connection: close` exchange Node closes the socket as soon as the
 * answer is written, the kernel resets the connection on the client's next bytes, and the client
 * may read EPIPE or ECONNRESET instead of the answer. As RFC 9112 §9.6 asks, the server keeps
 * reading (and discarding) the rest of such a body, within `limits`, before it closes.
 */
export function lingerAfterEarlyAnswer(req: http.IncomingMessage, limits: LingerLimits = DEFAULT_LINGER): void {
  const socket = req.socket;
  const wrapped = latestRequest.has(socket);
  latestRequest.set(socket, req);
  if (wrapped) return; // one wrapper per connection; keep-alive requests only move the pointer
  const closeNow = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    const last = latestRequest.get(socket);
    if (!last || last.complete || last.destroyed) return closeNow();
    drainBody(last, limits, closeNow);
  };
}

function drainBody(req: http.IncomingMessage, limits: LingerLimits, close: () => void): void {
  const socket = req.socket;
  const readBefore = socket.bytesRead;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(deadline);
    clearInterval(meter);
    close();
  };
  const deadline = setTimeout(finish, limits.maxMs);
  // Node discards a dumped body inside its parser without 'data' events; the socket's count still moves.
  const meter = setInterval(() => {
    if (socket.bytesRead - readBefore > limits.maxBytes) finish();
  }, 20);
  deadline.unref();
  meter.unref();
  req.removeAllListeners("data"); // whoever read this body is done with it: the answer is written
  req.once("end", finish);
  req.once("close", finish);
  req.once("error", finish);
  req.resume();
}
