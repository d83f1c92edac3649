import type { DbOrTrx } from "@/lib/db/database";
import type { ClaimRow, NewClaim } from "@/lib/db/tables/capsules.table";

// Claims of capsules (issue 27), in ordinal order.

export async function listClaims(db: DbOrTrx, capsuleId: number): Promise<ClaimRow[]> {
  return db.selectFrom("capsule_claims").selectAll().where("capsule_id", "=", capsuleId).orderBy("ordinal", "asc").execute();
}

/** A draft's claims are replaced wholesale (a draft keeps no history of them). */
export async function replaceClaims(db: DbOrTrx, capsuleId: number, rows: NewClaim[]): Promise<ClaimRow[]> {
  await db.deleteFrom("capsule_claims").where("capsule_id", "=", capsuleId).execute();
  if (rows.length === 0) return [];
  const inserted = await db.insertInto("capsule_claims").values(rows).returningAll().execute();
  return inserted.sort((a, b) => a.ordinal - b.ordinal);
}

/** Rewrites one claim's evidence ids (after a draft's evidence list was replaced). */
export async function setClaimEvidence(db: DbOrTrx, claimId: number, evidenceIds: number[]): Promise<void> {
  await db.updateTable("capsule_claims").set({ evidence_ids_json: JSON.stringify(evidenceIds) }).where("id", "=", claimId).execute();
}
