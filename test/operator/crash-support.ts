import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/database";
import { waitFor } from "./support";

// Helpers of the crash-stream test: a reproducible random source, a Journalist row, and waiting until the bundled anvil's
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
