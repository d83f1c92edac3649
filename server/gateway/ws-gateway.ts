import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import WebSocket, { WebSocketServer } from "ws";
import { metrics } from "@/lib/metrics/metrics";
import { requestNetwork } from "./client-ip";
import { NodeConnection } from "./node-connection";
import type { WsGatewayOptions } from "./options";
import { SharedSubscriptions } from "./shared-subscriptions";
import { createWsAdmission, refuseUpgrade } from "./ws-admission";
import { WsSession } from "./ws-session";

export type WsGateway = {
  /** Called by the server for HTTP upgrades on /ws; `done` gets the HTTP status of the upgrade (101 when accepted). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, done?: (status: number) => void): void;
  /** Closes every client with 1001 and the upstream connections. */
  close(): Promise<void>;
  /** Live counts, for health output and tests: clients, their subscriptions, open sockets to the node. */
  stats(): { clients: number; subscriptions: number; upstreams: number };
  /** Subscriptions open on the node (identical client subscriptions share one). */
  nodeSubscriptions(): number;
};

type Upstream = { connection: NodeConnection; subscriptions: SharedSubscriptions };

// /ws — JSON-RPC over WebSocket with subscriptions. Connections are capped per IP and in total;
// every client's requests and subscriptions share a small pool of node connections.
export function createWsGateway(options: WsGatewayOptions): WsGateway {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.limits.maxBodyBytes });
  const admission = createWsAdmission(options.limits);
  const pool: Upstream[] = Array.from({ length: Math.max(1, options.upstreamPoolSize ?? 1) }, () => {
    const connection = new NodeConnection(options.nodeWsUrl, {
      callTimeoutMs: options.upstreamCallTimeoutMs ?? 30_000,
      idleMs: options.upstreamIdleMs ?? 2000,
    });
    return { connection, subscriptions: new SharedSubscriptions(connection) };
  });
  const sessions = new Set<WsSession>();
  const clients = new Set<WebSocket>();
  let closing = false;

  // A client stays on one connection for its life, so its subscriptions and unsubscribes meet the same node socket.
  const leastUsed = () => pool.reduce((best, u) => (u.connection.leaseCount < best.connection.leaseCount ? u : best));

  return {
    handleUpgrade(req, socket, head, done) {
      if (closing) {
        refuseUpgrade(socket, { ok: false, status: 503, rule: "ws-connections-total", message: "the server is shutting down" });
        return done?.(503);
      }
      const network = requestNetwork(req, options.trustProxy);
      const admitted = admission.admit(network);
      if (!admitted.ok) {
        refuseUpgrade(socket, admitted);
        return done?.(admitted.status);
      }
      socket.once("close", admitted.release);
      wss.handleUpgrade(req, socket, head, (client) => {
        clients.add(client);
        metrics().wsConnections.inc();
        client.once("close", () => {
          clients.delete(client);
          metrics().wsConnections.dec();
        });
        const session: WsSession = new WsSession(client, network, options, leastUsed(), () => sessions.delete(session));
        sessions.add(session);
        done?.(101);
      });
    },
    async close() {
      closing = true;
      const closed = [...clients].map(
        (client) =>
          new Promise<void>((resolve) => {
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
      for (const session of [...sessions]) session.shutdown(1001, "server shutting down");
      await Promise.all(closed);
      await Promise.all(pool.map((u) => u.connection.close()));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    stats() {
      let subscriptions = 0;
      for (const session of sessions) subscriptions += session.subscriptionCount;
      return { clients: clients.size, subscriptions, upstreams: pool.filter((u) => u.connection.connected).length };
    },
    nodeSubscriptions: () => pool.reduce((sum, u) => sum + u.subscriptions.nodeSubscriptions, 0),
  };
}
