import type { DbOrTrx } from "@/lib/db/database";
import type { NewRevenueLedgerRow, RevenueLedgerRow, RevenueSource } from "@/lib/db/tables/revenue.table";

/** Appends ledger rows; a row with a known source_key (chain-derived) is skipped. */
export async function insertLedgerRows(db: DbOrTrx, rows: NewRevenueLedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("revenue_ledger")
    .values(rows)
    .onConflict((oc) => oc.column("source_key").doNothing())
    .execute();
}

export async function ledgerOfWallet(db: DbOrTrx, wallet: string, page: { offset: number; limit: number; source?: RevenueSource }): Promise<{ rows: RevenueLedgerRow[]; total: number }> {
  let base = db.selectFrom("revenue_ledger").where("wallet", "=", wallet);
  if (page.source) base = base.where("source", "=", page.source);
  const rows = await base.selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Every amount a wallet earned, by source (summed by the caller in bigint: amounts exceed 2^53). */
export async function ledgerAmountsOfWallet(db: DbOrTrx, wallet: string): Promise<Array<{ source: RevenueSource; amount: string }>> {
  return db.selectFrom("revenue_ledger").select(["source", "amount"]).where("wallet", "=", wallet).execute();
}

/** Before a rebuild replays the chain: the chain-derived (licence) rows it will write again. */
export async function deleteChainLedgerRows(db: DbOrTrx): Promise<void> {
  await db.deleteFrom("revenue_ledger").where("source", "=", "licence").execute();
}
