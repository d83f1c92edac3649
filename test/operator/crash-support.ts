import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/database";
import { eligibleWeight, JOURNALIST, WINDOW, type VoteStream } from "../indexer/support/vote-stream";
import { waitFor } from "./support";

// Helpers of the crash-stream test: a reproducible random source, capsule rows for an existing
// outlet (as the bridge writes drafts before a submission), and waiting until the bundled anvil's
// state file holds a block, so that setup written on chain survives the next kill -9.

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (below: number) => Math.floor(next() * below) };
}

/** `count` draft rows at the existing outlet `slug`, with the values vote-stream's seedDrafts writes; answers their ids. */
export async function seedCapsules(db: Db, slug: string, stream: VoteStream, count: number, tag: string): Promise<number[]> {
  const outlet = await db.selectFrom("outlets").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  const ids: number[] = [];
  for (let k = 1; k <= count; k += 1) {
    const row = await db
      .insertInto("capsules")
      .values({
        outlet_id: outlet.id,
        outlet_slug: slug,
        article_slug: `${slug}-${tag}-${k}`,
        title: `Story ${tag} ${k}`,
        language: "en",
        tags_json: "[]",
        body: `Body ${tag} ${k}`,
        metadata_uri: `ipfs://${slug}-${tag}-${k}`,
        content_hash: `0x${"ab".repeat(32)}`,
        submitter: stream.address(JOURNALIST),
        status: "draft",
        capsule_type: "original",
        policy_id: "default",
        window_seconds: Number(WINDOW),
        approval_threshold: 60,
        quorum_threshold: 5,
        eligible_weight: eligibleWeight().toString(),
        root_capsule_id: null,
        parent_capsule_id: null,
        revision_number: 0,
        revision_reason: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** A Journalist row in SQL for `wallet` at `slug`, as POST /api/roles/grant writes it. */
export async function journalistRole(db: Db, slug: string, wallet: string, grantedBy: string): Promise<void> {
  const outlet = await db.selectFrom("outlets").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto("outlet_roles")
    .values({ outlet_id: outlet.id, outlet_slug: slug, wallet, role_id: 1, bonded: 1, granted_at: now, granted_by: grantedBy, revoked_at: null, revoked_by: null })
    .execute();
}

const asNumber = (value: unknown) => (typeof value === "number" ? value : typeof value === "string" ? Number(BigInt(value)) : -1);

/** The highest block the bundled anvil's state file holds (it is written every 5 s), or -1. */
function savedBlock(dataDir: string): number {
  let state: { best_block_number?: unknown; block?: { number?: unknown } };
  try {
    state = JSON.parse(fs.readFileSync(path.join(dataDir, "anvil-state.json"), "utf8")) as typeof state;
  } catch {
    return -1; // absent, or caught mid-write
  }
  return Math.max(asNumber(state.best_block_number), asNumber(state.block?.number));
}

/**
 * Waits until anvil's state file holds block `block`: what was mined up to it (the journalist's
 * submissions, the voters' bonds, a time jump) is then not taken away by a kill -9. The writes
 * under test come after it and only the outbox brings them back.
 */
export async function chainSavedThrough(dataDir: string, block: number): Promise<void> {
  await waitFor(async () => (savedBlock(dataDir) >= block ? true : undefined), `anvil's state file at block ${block}`, 20_000);
}
