import WebSocket, { type RawData } from "ws";
import { logWarn } from "@/lib/log";
import type { mapUpstreamReply } from "./upstream-http";

export type UpstreamReply = Parameters<typeof mapUpstreamReply>[1];

type Pending = { resolve: (reply: UpstreamReply | undefined) => void; timer: NodeJS.Timeout };

/** One socket's state: what was sent on it and the node subscriptions that live on it. */
type Link = {
  socket: WebSocket;
  open: boolean;
  pending: Map<number, Pending>;
  notifications: Map<string, (resultText: string) => void>;
  /** Notifications for ids nobody registered yet: the answer to eth_subscribe and its first
   * notification can arrive in one read, before the subscriber has registered the id. */
  early: Map<string, string[]>;
  /** Closed on purpose (idle or shutdown): nobody is told it was lost. */
  retired: boolean;
};

/**
 * One WebSocket to the node, shared by many /ws clients. Requests get this connection's own ids
 * (clients' ids never reach the node); notifications go to whoever registered the node's
 * subscription id. It connects on first use; when the socket fails or drops, every pending call
 * resolves undefined and the `lost` listeners are told; the next call connects again. With no
 * lease for `idleMs` it closes.
 */
export class NodeConnection {
  private link: Link | undefined;
  private opening: Promise<Link | undefined> | undefined;
  private readonly lostListeners = new Set<(reason: string) => void>();
  private nextId = 1;
  private leases = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private shutDown = false;

  constructor(
    private readonly url: string,
    private readonly options: { callTimeoutMs: number; idleMs: number },
  ) {}

  /** True while a socket to the node is open or opening. */
  get connected(): boolean {
    return this.link !== undefined;
  }

  get leaseCount(): number {
    return this.leases;
  }

  /** Marks the connection in use (a client session); the returned function gives the lease back. */
  lease(): () => void {
    this.leases++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.leases--;
      if (this.leases === 0) this.scheduleIdleClose();
    };
  }

  onLost(listener: (reason: string) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Routes the node's notifications for a subscription id (of the current socket) to `handler`. */
  onNotification(nodeSubscriptionId: string, handler: (resultText: string) => void): void {
    const link = this.link;
    if (!link) return;
    link.notifications.set(nodeSubscriptionId, handler);
    const early = link.early.get(nodeSubscriptionId);
    link.early.delete(nodeSubscriptionId);
    for (const text of early ?? []) handler(text);
  }

  offNotification(nodeSubscriptionId: string): void {
    this.link?.notifications.delete(nodeSubscriptionId);
    this.link?.early.delete(nodeSubscriptionId);
  }

  /** Sends one request; undefined when the node is unreachable, the socket dropped or no answer came in time. */
  async call(method: string, params: unknown[]): Promise<UpstreamReply | undefined> {
    const link = await this.connect();
    if (!link || link.socket.readyState !== WebSocket.OPEN) return undefined;
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(link, id, undefined), this.options.callTimeoutMs);
      link.pending.set(id, { resolve, timer });
      link.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }), (error) => {
        if (error) settle(link, id, undefined);
      });
    });
  }

  /** Closes the socket for good (server shutdown). */
  async close(): Promise<void> {
    this.shutDown = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await this.opening;
    await this.retire();
  }

  private connect(): Promise<Link | undefined> {
    if (this.shutDown) return Promise.resolve(undefined);
    if (this.link?.open) return Promise.resolve(this.link);
    this.opening ??= new Promise<Link | undefined>((resolve) => {
      const link: Link = { socket: new WebSocket(this.url, { maxPayload: 64 * 1024 * 1024 }), open: false, pending: new Map(), notifications: new Map(), early: new Map(), retired: false };
      this.link = link;
      link.socket.on("message", (data) => fromNode(link, data));
      link.socket.on("error", () => undefined); // the close that follows reports it
      link.socket.once("open", () => {
        link.open = true;
        this.opening = undefined;
        resolve(link);
      });
      link.socket.once("close", () => {
        const opened = link.open;
        link.open = false;
        if (this.link === link) this.link = undefined;
        if (!opened) {
          this.opening = undefined;
          resolve(undefined);
        }
        for (const id of [...link.pending.keys()]) settle(link, id, undefined);
        link.notifications.clear();
        link.early.clear();
        if (link.retired || this.shutDown) return;
        const reason = opened ? "the chain node closed the connection" : "the chain node is unreachable";
        logWarn("ws-gateway", "upstream node connection lost", { reason });
        for (const listener of [...this.lostListeners]) listener(reason);
      });
    });
    return this.opening;
  }

  private scheduleIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.leases === 0 && (this.link?.pending.size ?? 0) === 0) void this.retire();
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  /** Closes the current socket on purpose; a later call opens a new one. */
  private retire(): Promise<void> {
    const link = this.link;
    if (!link) return Promise.resolve();
    this.link = undefined;
    link.retired = true;
    return new Promise((resolve) => {
      if (link.socket.readyState === WebSocket.CLOSED) return resolve();
      const timer = setTimeout(() => link.socket.terminate(), 2000);
      link.socket.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
      if (link.socket.readyState === WebSocket.CONNECTING) link.socket.terminate();
      else link.socket.close(1000, "idle");
    });
  }
}

function settle(link: Link, id: number, reply: UpstreamReply | undefined): void {
  const entry = link.pending.get(id);
  if (!entry) return;
  link.pending.delete(id);
  clearTimeout(entry.timer);
  entry.resolve(reply);
}

function fromNode(link: Link, data: RawData): void {
  let message: unknown;
  try {
    message = JSON.parse(data.toString());
  } catch {
    return;
  }
  if (typeof message !== "object" || message === null) return;
  const record = message as { id?: unknown; method?: unknown; params?: { subscription?: unknown; result?: unknown } };
  if (typeof record.id === "number") return settle(link, record.id, record as UpstreamReply);
  if (record.method === "eth_subscription" && typeof record.params?.subscription === "string") {
    const id = record.params.subscription;
    const text = JSON.stringify(record.params.result ?? null);
    const handler = link.notifications.get(id);
    if (handler) return handler(text);
    // Kept briefly for a subscriber about to register; bounded so unclaimed ids cannot pile up.
    const early = link.early.get(id) ?? [];
    if (early.length === 0 && link.early.size >= 256) {
      const oldest = link.early.keys().next();
      if (!oldest.done) link.early.delete(oldest.value);
    }
    if (early.length < 64) early.push(text);
    link.early.set(id, early);
  }
}
