import type { DbOrTrx } from "@/lib/db/database";

// What the chain explorer pages (/network/tx, /network/address) show of the projection.

/** Capsules whose submission or closing transaction this is. */
export async function capsulesOfTx(db: DbOrTrx, hash: string) {
  return db
    .selectFrom("capsules")
    .select(["id", "title", "submit_tx_hash", "finalize_tx_hash", "status"])
    .where((eb) => eb.or([eb("submit_tx_hash", "=", hash), eb("finalize_tx_hash", "=", hash)]))
    .execute();
}

/** Votes cast in this transaction, with their capsule's title. */
export async function votesOfTx(db: DbOrTrx, hash: string) {
  return db.selectFrom("capsule_votes as v").innerJoin("capsules as c", "c.id", "v.capsule_id").select(["v.capsule_id", "v.voter", "v.support", "c.title"]).where("v.tx_hash", "=", hash).execute();
}

/** The wallet's latest votes, newest first, with their capsule's title. */
export async function votesOfWallet(db: DbOrTrx, wallet: string, limit: number) {
  return db
    .selectFrom("capsule_votes as v")
    .innerJoin("capsules as c", "c.id", "v.capsule_id")
    .select(["v.capsule_id", "c.title", "v.support", "v.tx_hash", "v.block_time"])
    .where("v.voter", "=", wallet)
    .orderBy("v.block_time", "desc")
    .limit(limit)
    .execute();
}

/** The wallet's latest capsules that reached the chain, newest first. */
export async function submissionsOfWallet(db: DbOrTrx, wallet: string, limit: number) {
  return db.selectFrom("capsules").select(["id", "title", "status", "submit_tx_hash"]).where("submitter", "=", wallet).where("submit_tx_hash", "is not", null).orderBy("id", "desc").limit(limit).execute();
}
