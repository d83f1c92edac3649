import "server-only";
import { getAddress, type Address } from "viem";
import type { Db } from "@/lib/db/database";
import { hiddenDraftIdsText, type Viewer } from "@/features/capsules/draft-visibility.repository";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import { listActivity } from "./activity.repository";

/** Entries about drafts the reader may not see are left out (their titles and evidence are private), and vault uploads and role offers but to the wallet itself. */
export async function walletActivity(db: Db, wallet: Address, query: PageQuery, viewer: Viewer) {
  const { rows, total } = await listActivity(db, wallet, { offset: pageOffset(query), limit: query.limit }, {
    hiddenCapsuleIds: hiddenDraftIdsText(db, viewer),
    ownFeed: viewer !== undefined && viewer.wallet === getAddress(wallet),
  });
  const items = rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    outletSlug: row.outlet_slug,
    subjectId: row.subject_id,
    details: JSON.parse(row.details_json) as Record<string, unknown>,
    txHash: row.tx_hash,
    createdAt: String(row.created_at),
  }));
  return { ...pageOf(items, query, total), wallet };
}
