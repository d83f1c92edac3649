import { sql } from "kysely";
import type { DbOrTrx } from "@/lib/db/database";
import type { ChainEventRow } from "@/lib/db/tables/foundation.table";
import { selfGivenName, type OwnCredit } from "./self-given-name";

// What the reader's pages read beyond one table: an author's credited versions, the finalization event
// of a proof, the supporting relations in both directions.

/** Every published version the wallet is credited on (any letter case), with its outlet's name. */
export async function creditedPublishedVersions(db: DbOrTrx, wallet: string) {
  return db
    .selectFrom("capsule_contributors as cc")
    .innerJoin("capsules as c", "c.id", "cc.capsule_id")
    .innerJoin("outlets as o", "o.id", "c.outlet_id")
    .where(sql<string>`lower(cc.wallet)`, "=", wallet.toLowerCase())
    .where("cc.active", "=", 1)
    .where("c.finalized_at", "is not", null)
    .where("c.status", "in", ["finalized", "superseded"])
    .select([
      "c.id as id",
      "c.root_capsule_id as root",
      "c.title as title",
      "c.outlet_slug as outletSlug",
      "o.name as outletName",
      "c.integrity_label as label",
      "c.finalized_at as finalizedAt",
      "c.revision_number as revisionNumber",
      "c.capsule_type as capsuleType",
      "cc.contribution_type as contribution",
      "cc.role as role",
      "cc.display_name as displayName",
      "cc.created_at as creditedAt",
      "cc.id as creditId",
      "cc.wallet as wallet",
      "c.submitter as submitter",
    ])
    .execute();
}

/** Credits these wallets hold on published versions they submitted themselves: where their self-given names come from (self-given-name.ts). */
export async function ownPublishedCredits(db: DbOrTrx, wallets: readonly string[]): Promise<OwnCredit[]> {
  const lower = [...new Set(wallets.map((w) => w.toLowerCase()))];
  if (lower.length === 0) return [];
  return db
    .selectFrom("capsule_contributors as cc")
    .innerJoin("capsules as c", "c.id", "cc.capsule_id")
    .where(sql<string>`lower(cc.wallet)`, "in", lower)
    .where(sql<string>`lower(c.submitter)`, "=", sql<string>`lower(cc.wallet)`)
    .where("cc.active", "=", 1)
    .where("c.finalized_at", "is not", null)
    .where("c.status", "in", ["finalized", "superseded"])
    .select(["cc.wallet as wallet", "c.submitter as submitter", "cc.display_name as displayName", "cc.created_at as creditedAt", "cc.id as creditId"])
    .execute();
}

/** The name each wallet gave itself (self-given-name.ts), keyed by lower-case wallet; wallets without one are absent. */
export async function selfGivenNames(db: DbOrTrx, wallets: readonly string[]): Promise<Map<string, string>> {
  const credits = await ownPublishedCredits(db, wallets);
  const names = new Map<string, string>();
  for (const wallet of new Set(wallets.map((w) => w.toLowerCase()))) {
    const name = selfGivenName(credits, wallet);
    if (name) names.set(wallet, name);
  }
  return names;
}

/** The indexed CapsuleFinalized logs of one transaction, in log order. */
export async function finalizedEventsOfTx(db: DbOrTrx, txHash: string): Promise<ChainEventRow[]> {
  return db.selectFrom("chain_events").selectAll().where("tx_hash", "=", txHash).where("event_name", "=", "CapsuleFinalized").orderBy("log_index").execute();
}

/** The capsules this one cites (`out`) or is cited by (`in`), with the relation, in the order they were added. */
export async function supportingRelations(db: DbOrTrx, capsuleId: number, direction: "out" | "in") {
  const [from, to] = direction === "out" ? (["s.capsule_id", "s.supporting_capsule_id"] as const) : (["s.supporting_capsule_id", "s.capsule_id"] as const);
  return db
    .selectFrom("capsule_supporting as s")
    .innerJoin("capsules as c", "c.id", to)
    .where(from, "=", capsuleId)
    .select(["c.id as id", "c.title as title", "c.status as status", "c.finalized_at as finalized_at", "s.relationship_type as relationshipType"])
    .orderBy("s.id")
    .execute();
}
