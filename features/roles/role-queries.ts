import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { hiddenDraftIdsText, type Viewer } from "@/features/capsules/draft-visibility.repository";
import { getOutletBySlugOrThrow } from "@/features/outlets/outlets.repository";
import { countActiveRolesOfWallet, listActiveRolesOfWallet } from "@/features/roles/roles.repository";
import { listActivity } from "@/features/wallet/activity.repository";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import { roleCatalog, bondRequired } from "@/lib/roles/role-catalog";
import { ensureCourtOutlet } from "@/features/roles/court-outlet";
import { readBond, readIsVoter } from "@/lib/chain/server/role-registry-reads";
import { bondView, roleAssignment } from "./role-assignment";

export function roleCatalogItems() {
  return roleCatalog.map((role) => ({ ...role, bondRequired: bondRequired(role.roleId).toString() }));
}

/** The wallet's active roles at one outlet, with its bond and voter flag read from the chain. */
export async function walletRolesAtOutlet(db: Db, wallet: Address, slug: string, now: number) {
  await ensureCourtOutlet(db, now);
  const outlet = await getOutletBySlugOrThrow(db, slug);
  const rows = await listActiveRolesOfWallet(db, wallet, { outletId: outlet.id });
  const [bond, isVoter] = await Promise.all([readBond(wallet), readIsVoter(outlet.slug, wallet)]);
  return { ok: true as const, wallet, outletSlug: outlet.slug, roles: rows.map(roleAssignment), bond: bondView(bond), isVoter };
}

export async function walletRoles(db: Db, wallet: Address, query: PageQuery) {
  const rows = await listActiveRolesOfWallet(db, wallet, { offset: pageOffset(query), limit: query.limit });
  const total = await countActiveRolesOfWallet(db, wallet);
  return { ...pageOf(rows.map(roleAssignment), query, total), wallet };
}

/** Entries about drafts the reader may not see are left out (their titles and evidence are private). */
export async function walletActivity(db: Db, wallet: Address, query: PageQuery, viewer: Viewer) {
  const { rows, total } = await listActivity(db, wallet, { offset: pageOffset(query), limit: query.limit }, hiddenDraftIdsText(db, viewer));
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
