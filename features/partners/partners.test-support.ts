import { waitFor as sharedWaitFor } from "@/test/support/wait-for";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";

// Partner stream tests: a real Standard Webhooks receiver on loopback, and outlets and capsules
// written in SQL as the bridge and the indexer write them.

export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export type Received = { id: string; timestamp: number; body: Record<string, any>; verified: boolean; at: number };

/**
 * An HTTP server on 127.0.0.1 that checks every request's signature with the standardwebhooks
 * library and records it. `answer` decides the status (default 200); `holdMs` delays the answer.
 */
export async function startReceiver(secret: string, options: { answer?: (id: string, seen: number) => number; holdMs?: () => number } = {}) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const verifier = new Webhook(secret);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const headers = { "webhook-id": String(request.headers["webhook-id"]), "webhook-timestamp": String(request.headers["webhook-timestamp"]), "webhook-signature": String(request.headers["webhook-signature"]) };
      let verified = false;
      try {
        verifier.verify(text, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const id = headers["webhook-id"];
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      received.push({ id, timestamp: Number(headers["webhook-timestamp"]), body: JSON.parse(text) as Record<string, any>, verified, at: Date.now() });
      const status = verified ? (options.answer?.(id, count) ?? 200) : 401;
      const hold = options.holdMs?.() ?? 0;
      setTimeout(() => response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "no"), hold);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Distinct webhook-ids that got a 2xx at least once. */
    ids: () => new Set(received.map((r) => r.id)),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const MONTH = 2_629_746;

/** An active outlet; `monthsActive` back-dates its verification. */
export async function seedOutlet(db: Db, slug: string, owner: string, monthsActive = 0): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const since = now - monthsActive * MONTH - 86_400;
  const row = await db
    .insertInto("outlets")
    .values({ slug, name: `Desk ${slug}`, domain: `${slug}.example.org`, owner_wallet: owner, status: "active", policy_id: "default", verification_token: "00".repeat(32), verified_at: since, first_verified_at: since, created_at: since, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A capsule of the outlet as the indexer leaves a finalized one (status, submit and finalize hashes). */
export async function seedFinalizedCapsule(db: Db, outlet: { id: number; slug: string }, submitter: string, n: number): Promise<CapsuleRow> {
  const now = Math.floor(Date.now() / 1000);
  const hash = (k: number) => `0x${k.toString(16).padStart(64, "0")}`;
  return db
    .insertInto("capsules")
    .values({
      outlet_id: outlet.id,
      outlet_slug: outlet.slug,
      article_slug: `${outlet.slug}-story-${n}`,
      title: `Story ${n} of ${outlet.slug}`,
      language: "en",
      tags_json: "[]",
      body: `Body ${n}`,
      metadata_uri: `ipfs://${outlet.slug}-${n}`,
      content_hash: `0x${"ab".repeat(32)}`,
      submitter,
      status: "finalized",
      capsule_type: "original",
      policy_id: "default",
      window_seconds: 3600,
      approval_threshold: 60,
      quorum_threshold: 5,
      eligible_weight: "1000",
      root_capsule_id: null,
      parent_capsule_id: null,
      revision_number: 0,
      revision_reason: null,
      submit_tx_hash: hash(outlet.id * 100_000 + n),
      finalize_tx_hash: hash(outlet.id * 100_000 + n + 50_000),
      finalized_article_id: String(n),
      finalized_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** waitFor (test/support/wait-for.ts) with the minute a delivery through the dispatcher may take. */
export const waitFor = <T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 60_000): Promise<T> => sharedWaitFor(probe, what, timeoutMs);
