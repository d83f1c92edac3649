import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { openDatabase, type DatabaseHandle } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { readCheckpoint } from "@/lib/indexer/checkpoint-repository";
import { indexerRuntime } from "@/lib/indexer/indexer-runtime";
import { startIndexer, type IndexerHandle } from "@/features/indexer-service";
import { startContractsFixture, type Fixture } from "@/test/contracts/fixture";
import { eventually } from "@/features/outlets/outlets.test-support";
import { freePort } from "@/test/support/free-port";
import { voteStream, type VoteStream } from "./support/vote-stream";

// The indexer follows new heads by `eth_subscribe newHeads` on the node's WebSocket and polls only
// while that subscription is down: here the WebSocket goes through a relay that can cut every
// connection and refuse new ones for a while. Votes keep reaching the projection throughout.

/** A WebSocket relay to the node that can be cut (connections closed, new ones refused). */
async function startRelay(target: string) {
  const port = await freePort();
  let open = true;
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket }>();
  const server = new WebSocketServer({ host: "127.0.0.1", port });
  server.on("connection", (client) => {
    if (!open) return client.terminate();
    const upstream = new WebSocket(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const queued: WebSocket.RawData[] = [];
    upstream.on("open", () => queued.splice(0).forEach((m) => upstream.send(m.toString())));
    client.on("message", (m) => (upstream.readyState === WebSocket.OPEN ? upstream.send(m.toString()) : queued.push(m)));
    upstream.on("message", (m) => client.readyState === WebSocket.OPEN && client.send(m.toString()));
    const close = () => {
      pairs.delete(pair);
      client.terminate();
      upstream.terminate();
    };
    client.on("close", close);
    upstream.on("close", close);
    client.on("error", close);
    upstream.on("error", close);
  });
  return {
    url: `ws://127.0.0.1:${port}`,
    cut: () => {
      open = false;
      for (const pair of [...pairs]) pair.client.terminate();
    },
    restore: () => void (open = true),
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), [...pairs].forEach((p) => p.client.terminate()))),
  };
}

describe("following new heads", () => {
  let f: Fixture;
  let dir: string;
  let handle: DatabaseHandle;
  let stream: VoteStream;
  let ids: number[];
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let indexer: IndexerHandle;
  const log: string[] = [];

  const indexed = (block: number) => eventually(async () => (((await readCheckpoint(handle.db))?.blockNumber ?? 0) >= block ? true : undefined), `block ${block} indexed`);

  beforeAll(async () => {
    f = await startContractsFixture();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-heads-"));
    handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
    await migrateToLatest(handle.db);
    stream = voteStream(f.anvil.rpcUrl, f.record);
    ids = await stream.seedDrafts(handle.db, "heads-desk", 1);
    await stream.enableVoters("heads-desk");
    await stream.publish("heads-desk", ids);
    relay = await startRelay(f.anvil.wsUrl);
    indexer = await startIndexer({ db: handle.db, dialect: handle.dialect, rpcUrl: f.anvil.rpcUrl, wsUrl: relay.url, deployment: f.record, pollMs: 100, log: (m) => log.push(m) });
  });

  afterAll(async () => {
    await indexer?.stop();
    await relay?.close();
    await handle?.close();
    await f?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("indexes by subscription, falls back to polling while it is down, and subscribes again", async () => {
    await eventually(async () => (indexerRuntime()?.following() === "subscription" ? true : undefined), "the subscription");
    await indexed(await stream.vote(2, ids[0]!, true));

    relay.cut();
    await eventually(async () => (indexerRuntime()?.following() === "polling" ? true : undefined), "the fallback to polling");
    expect(log.join("\n")).toMatch(/newHeads subscription down .*; polling every 100 ms/);
    await indexed(await stream.vote(3, ids[0]!, false)); // reached by polling only

    relay.restore(); // the subscription reconnects by itself (250 ms, growing to 5 s)
    await eventually(async () => (indexerRuntime()?.following() === "subscription" ? true : undefined), "the subscription again", 30_000);
    await indexed(await stream.vote(4, ids[0]!, true));
    expect(log.filter((m) => m.includes("following new heads by subscription"))).toHaveLength(2);
    expect(await handle.db.selectFrom("capsule_votes").select("voter").execute()).toHaveLength(3);
  });
});
