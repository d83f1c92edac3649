import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { ledgerAmountsOfWallet, ledgerOfWallet } from "@/features/wallet/revenue-ledger.repository";
import { pageOf, pageOffset } from "@/lib/schemas/pagination";
import type { TEarningsQuery } from "@/features/wallet/revenue.schema";

/** GET /api/wallet/:address/earnings — the ledger rows of the wallet and its totals (wei). */
export async function walletEarnings(db: Db, wallet: Address, query: TEarningsQuery) {
  const { rows, total } = await ledgerOfWallet(db, wallet, { offset: pageOffset(query), limit: query.limit, source: query.source });
  const totals = { ad: 0n, licence: 0n };
  for (const row of await ledgerAmountsOfWallet(db, wallet)) totals[row.source] += BigInt(row.amount);
  const items = rows.map((row) => ({
    entryId: String(row.id),
    source: row.source,
    sourceId: row.source_id,
    capsuleId: row.capsule_id === null ? null : String(row.capsule_id),
    outletSlug: row.outlet_slug,
    party: row.party,
    shareBps: row.share_bps,
    amount: row.amount,
    txHash: row.tx_hash,
    createdAt: String(row.created_at),
  }));
  return { ...pageOf(items, query, total), wallet, totals: { ad: totals.ad.toString(), licence: totals.licence.toString(), all: (totals.ad + totals.licence).toString() } };
}
