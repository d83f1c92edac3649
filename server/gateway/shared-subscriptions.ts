import { once } from "./once";
import type { NodeConnection, UpstreamReply } from "./node-connection";

type Listener = (resultText: string) => void;
type Opened = { ok: true } | { ok: false; reply: UpstreamReply | undefined };
type Entry = { nodeId?: string; ready: Promise<Opened>; listeners: Set<Listener> };

export type Subscribed = { ok: true; release: () => void } | { ok: false; reply: UpstreamReply | undefined };

/**
 * The node subscriptions of one upstream connection, shared by every client that asks for the
 * same thing: a hundred clients following newHeads are one subscription on the node. The last
 * listener to leave unsubscribes on the node; a lost connection forgets them all (the node did).
 */
export class SharedSubscriptions {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly connection: NodeConnection) {
    connection.onLost(() => this.entries.clear());
  }

  /** Subscriptions open on the node through this connection. */
  get nodeSubscriptions(): number {
    return this.entries.size;
  }

  async subscribe(params: unknown[], listener: Listener): Promise<Subscribed> {
    const key = JSON.stringify(params);
    let entry = this.entries.get(key);
    if (!entry) {
      const created: Entry = { listeners: new Set(), ready: Promise.resolve<Opened>({ ok: true }) };
      created.ready = this.open(key, created, params);
      this.entries.set(key, created);
      entry = created;
    }
    const shared = entry;
    shared.listeners.add(listener);
    const opened = await shared.ready;
    if (!opened.ok || this.entries.get(key) !== shared) {
      shared.listeners.delete(listener);
      return opened.ok ? { ok: false, reply: undefined } : opened;
    }
    return {
      ok: true,
      release: once(() => {
        shared.listeners.delete(listener);
        if (shared.listeners.size === 0) this.close(key, shared);
      }),
    };
  }

  private async open(key: string, entry: Entry, params: unknown[]): Promise<Opened> {
    const reply = await this.connection.call("eth_subscribe", params);
    if (reply && !reply.error && typeof reply.result === "string") {
      entry.nodeId = reply.result;
      this.connection.onNotification(reply.result, (text) => {
        for (const listener of [...entry.listeners]) listener(text);
      });
      return { ok: true };
    }
    if (this.entries.get(key) === entry) this.entries.delete(key);
    return { ok: false, reply };
  }

  private close(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return; // already gone with a lost connection
    this.entries.delete(key);
    if (!entry.nodeId) return;
    this.connection.offNotification(entry.nodeId);
    void this.connection.call("eth_unsubscribe", [entry.nodeId]);
  }
}
