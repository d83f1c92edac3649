import type { Duplex } from "node:stream";
import { once } from "./once";
import { metrics } from "@/lib/metrics/metrics";

export type Admission = { ok: true; release: () => void } | { ok: false; status: 429 | 503; message: string; rule: string };

/**
 * Caps on open /ws connections, per client IP and in total. A slot is taken when the upgrade
 * request arrives (before the handshake, so a burst cannot overshoot) and given back when the
 * socket closes, whether the handshake completed or not.
 */
export function createWsAdmission(limits: { wsMaxPerIp: number; wsMaxTotal: number }) {
  const perIp = new Map<string, number>();
  let total = 0;
  return {
    admit(ip: string): Admission {
      if (total >= limits.wsMaxTotal) {
        return { ok: false, status: 503, rule: "ws-connections-total", message: `the WebSocket gateway is at its limit of ${limits.wsMaxTotal} connections; try again later` };
      }
      const mine = perIp.get(ip) ?? 0;
      if (mine >= limits.wsMaxPerIp) {
        return { ok: false, status: 429, rule: "ws-connections-per-ip", message: `too many WebSocket connections from this address: at most ${limits.wsMaxPerIp} open at once` };
      }
      perIp.set(ip, mine + 1);
      total++;
      return {
        ok: true,
        release: once(() => {
          total--;
          const left = (perIp.get(ip) ?? 1) - 1;
          if (left <= 0) perIp.delete(ip);
          else perIp.set(ip, left);
        }),
      };
    },
    counts: () => ({ total, addresses: perIp.size }),
  };
}

/** Answers a refused upgrade with a plain HTTP response (the handshake never happens) and closes the socket. */
export function refuseUpgrade(socket: Duplex, refusal: Extract<Admission, { ok: false }>): void {
  metrics().rateLimited.inc({ rule: refusal.rule });
  const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32005, message: refusal.message } });
  const reason = refusal.status === 429 ? "Too Many Requests" : "Service Unavailable";
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reason}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Retry-After: 10\r\n" +
      "Connection: close\r\n\r\n" +
      body,
  );
}
