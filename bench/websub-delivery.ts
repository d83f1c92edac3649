import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@/lib/db/connection";
import { migrateToLatest } from "@/lib/db/migrate";
import { emitProjectionChange } from "@/lib/indexer/change-feed";
import { startWebSubHub } from "@/features/reader/hub-runtime";
import { startSubscriber } from "@/features/distribution/websub-subscriber.test-support";
import { seedCapsules } from "./seed-capsules";
import { loadAverage } from "./support/machine";
import { percentile } from "./support/stats";

// `npm run bench websub`: label changes → WebSub deliveries to every subscriber, in process on
// SQLite: the hub's leader duty, real loopback subscribers, the feed rendered per delivery.
// Figures only, no assertion: label changes per second fully delivered, and per delivery the
// milliseconds from the change to the subscriber's receipt (p50, p95).

export type WebSubFigures = { subscribers: number; events: number; eventsPerSecond: number; deliveriesPerSecond: number; p50: number; p95: number; max: number; load: string };

export async function benchWebSubDelivery(options: { subscribers: number; events: number; log: (m: string) => void }): Promise<WebSubFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-websub-bench-"));
  const handle = openDatabase({ sqliteFile: path.join(dir, "capsule.sqlite") });
  const subscribers = await Promise.all(Array.from({ length: options.subscribers }, () => startSubscriber()));
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedCapsules(handle.db, "sqlite", 200, options.log);
    const now = Math.floor(Date.now() / 1000);
    // half on the outlet's feed, half on the network Atom feed: both carry the article (a Standard outlet's is in no JSON Feed)
    await handle.db
      .insertInto("websub_subscriptions")
      .values(
        subscribers.map((s, i) => ({
          topic: i % 2 === 0 ? `http://127.0.0.1/outlets/${seeded.outletSlug}/feed.xml` : "http://127.0.0.1/feed.xml",
          outlet_id: null,
          callback: s.url,
          secret: `bench-secret-${i}`,
          lease_seconds: 86_400,
          state: "active" as const,
          state_reason: null,
          expires_at: now + 86_400,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const hub = startWebSubHub({ db: handle.db, settings: { retryBaseMs: 1000, maxAttempts: 3 }, pollMs: 50 });
    // the hub records every topic's feed when it starts; the label changes below are changes to that
    await hub.idle();
    const latencies: number[] = [];
    const started = performance.now();
    try {
      for (let e = 1; e <= options.events; e++) {
        // the hub pushes a feed only when it changed: each event moves the article's label
        await handle.db.updateTable("capsules").set({ integrity_label: e % 2 === 1 ? "contested" : "clean" }).where("id", "=", seeded.lastId).execute();
        const at = Date.now();
        emitProjectionChange({ fromBlock: 0, toBlock: 0, capsuleIds: [String(seeded.lastId)], wallets: [], caseIds: [], kinds: ["court.label"] });
        for (;;) {
          if (subscribers.every((s) => s.deliveries.length >= e)) break;
          await new Promise((r) => setTimeout(r, 1));
        }
        for (const s of subscribers) latencies.push(s.deliveries[e - 1]!.at - at);
      }
    } finally {
      await hub.stop();
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      subscribers: options.subscribers,
      events: options.events,
      eventsPerSecond: options.events / seconds,
      deliveriesPerSecond: (options.events * options.subscribers) / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: Math.max(...latencies),
      load: loadAverage(),
    };
  } finally {
    await Promise.all(subscribers.map((s) => s.close()));
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
