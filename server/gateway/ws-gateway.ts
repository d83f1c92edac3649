import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import WebSocket, { WebSocketServer } from "ws";
import { requestIp } from "./client-ip";
import type { WsGatewayOptions } from "./options";
import { WsSession } from "./ws-session";

export type WsGateway = {
  /** Called by the server for HTTP upgrades on /ws. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every client and its upstream socket. */
  close(): Promise<void>;
  /** Live counts, for health output and tests. */
  stats(): { clients: number; subscriptions: number; upstreams: number };
};

// /ws — JSON-RPC over WebSocket with subscriptions, one upstream node socket per client.
export function createWsGateway(options: WsGatewayOptions): WsGateway {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.limits.maxBodyBytes });
  const sessions = new Set<WsSession>();
  const clients = new Set<WebSocket>();

  return {
    handleUpgrade(req, socket, head) {
      const ip = requestIp(req, options.trustProxy);
      wss.handleUpgrade(req, socket, head, (client) => {
        clients.add(client);
        client.once("close", () => clients.delete(client));
        const session: WsSession = new WsSession(client, ip, options, () => sessions.delete(session));
        sessions.add(session);
      });
    },
    async close() {
      const closing = [...clients].map(
        (client) => new Promise<void>((resolve) => {
          if (client.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            client.terminate();
            resolve();
          }, 2000);
          client.once("close", () => {
            clearTimeout(timer);
            resolve();
          });
        }),
      );
      const live = [...sessions];
      for (const session of live) session.shutdown(1001, "server shutting down");
      await Promise.all(closing);
      await Promise.all(live.map((session) => session.gone));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    stats() {
      let subscriptions = 0;
      let upstreams = 0;
      for (const session of sessions) {
        subscriptions += session.subscriptionCount;
        if (session.upstreamOpen) upstreams++;
      }
      return { clients: clients.size, subscriptions, upstreams };
    },
  };
}
