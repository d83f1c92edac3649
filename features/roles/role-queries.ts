import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { getOutletBySlugOrThrow } from "@/features/outlets/outlets.repository";
import { countActiveRolesOfWallet, listActiveRolesOfWallet } from "@/features/roles/roles.repository";
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
  return { ok: true as const, wallet, outletSlug: outlet.slug, roles: rows.map((row) => roleAssignment(row, row.outlet_name)), bond: bondView(bond), isVoter };
}

export async function walletRoles(db: Db, wallet: Address, query: PageQuery) {
  const rows = await listActiveRolesOfWallet(db, wallet, { offset: pageOffset(query), limit: query.limit });
  const total = await countActiveRolesOfWallet(db, wallet);
  return { ...pageOf(rows.map((row) => roleAssignment(row, row.outlet_name)), query, total), wallet };
}
