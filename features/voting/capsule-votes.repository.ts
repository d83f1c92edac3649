import { sql } from "kysely";
import type { DbOrTrx } from "@/lib/db/database";
import type { VoteReasonRow, VoteRow } from "@/lib/db/tables/capsules.table";

// Reads of the indexed VoteCast projection (capsule_votes) and the names voters carry at an outlet.

/** One page of a capsule's votes in chain order (block time, then insertion order = log order). */
export async function listCapsuleVotes(db: DbOrTrx, capsuleId: number, page: { offset: number; limit: number }): Promise<{ rows: VoteRow[]; total: number }> {
  const base = db.selectFrom("capsule_votes").where("capsule_id", "=", capsuleId);
  const rows = await base.selectAll().orderBy("block_time", "asc").orderBy("id", "asc").offset(page.offset).limit(page.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** A capsule's newest votes (at most `count`, oldest first, in the list's order) and how many it has. */
export async function latestCapsuleVotes(db: DbOrTrx, capsuleId: number, count: number): Promise<{ latest: VoteRow[]; total: number }> {
  const base = db.selectFrom("capsule_votes").where("capsule_id", "=", capsuleId);
  const newest = await base.selectAll().orderBy("block_time", "desc").orderBy("id", "desc").limit(count).execute();
  const counted = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { latest: newest.reverse(), total: Number(counted.n) };
}

/**
 * Names of the given wallets that are members of the outlet (an active role there, or its owner):
 * the display name each last gave itself as the credited submitter of a submitted capsule of that
 * outlet. Drafts are private, so their contributor lists are not a source; a name a colleague typed
 * for another member is theirs to give on their article, not the member's name elsewhere.
 */
export async function memberDisplayNames(db: DbOrTrx, outletSlug: string, wallets: string[]): Promise<Map<string, string>> {
  if (wallets.length === 0) return new Map();
  const members = new Set(
    (await db.selectFrom("outlet_roles").select("wallet").where("outlet_slug", "=", outletSlug).where("revoked_at", "is", null).where("wallet", "in", wallets).execute()).map((r) => r.wallet),
  );
  const owner = await db.selectFrom("outlets").select("owner_wallet").where("slug", "=", outletSlug).executeTakeFirst();
  if (owner && wallets.includes(owner.owner_wallet)) members.add(owner.owner_wallet);
  if (members.size === 0) return new Map();
  const named = await db
    .selectFrom("capsule_contributors as cc")
    .innerJoin("capsules as c", "c.id", "cc.capsule_id")
    .select(["cc.wallet", "cc.display_name", "cc.id"])
    .where("c.outlet_slug", "=", outletSlug)
    .where((eb) => eb.or([eb("c.submit_tx_hash", "is not", null), eb("c.status", "not in", ["draft", "rejected"])])) // names from capsules that reached the chain
    .where("cc.active", "=", 1)
    .where("cc.wallet", "in", [...members])
    // a name the member gave itself, as the credited submitter: one colleague's words about another are not their name
    .where(sql<string>`lower(cc.wallet)`, "=", sql<string>`lower(c.submitter)`)
    .orderBy("cc.id", "asc")
    .execute();
  const names = new Map<string, string>();
  for (const row of named) {
    // a contributor row without a chosen name repeats the address; later rows win
    if (row.display_name.trim() !== "" && row.display_name.toLowerCase() !== row.wallet.toLowerCase()) names.set(row.wallet, row.display_name);
  }
  return names;
}

/** The signed reasons of the given voters on a capsule, by voter. */
export async function voteReasonsOf(db: DbOrTrx, capsuleId: number, voters: string[]): Promise<VoteReasonRow[]> {
  if (voters.length === 0) return [];
  return db.selectFrom("capsule_vote_reasons").selectAll().where("capsule_id", "=", capsuleId).where("voter", "in", voters).execute();
}

/**
 * Stores (or replaces) a voter's reason for a capsule: a ballot that never made it on chain leaves
 * its nonce unused, so the next ballot signs the same nonce and its reason takes the place.
 */
export async function putVoteReason(db: DbOrTrx, row: VoteReasonRow): Promise<void> {
  await db
    .insertInto("capsule_vote_reasons")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["capsule_id", "voter"]).doUpdateSet({ support: row.support, ballot_nonce: row.ballot_nonce, reason: row.reason, signature: row.signature, created_at: row.created_at }),
    )
    .execute();
}

/** One voter's votes on the given capsules: capsule id → support (true = for). Capsules it did not vote on are absent. */
export async function votesOfVoter(db: DbOrTrx, voter: string, capsuleIds: number[]): Promise<Map<number, boolean>> {
  if (capsuleIds.length === 0) return new Map();
  const rows = await db.selectFrom("capsule_votes").select(["capsule_id", "support"]).where("voter", "=", voter).where("capsule_id", "in", capsuleIds).execute();
  return new Map(rows.map((row) => [row.capsule_id, row.support === 1]));
}
