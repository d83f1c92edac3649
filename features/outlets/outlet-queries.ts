import "server-only";
import type { Db } from "@/lib/db/database";
import { getOutletBySlugOrThrow, listOutlets } from "@/features/outlets/outlets.repository";
import { listOutletMembers } from "@/features/roles/roles.repository";
import { pageOf, pageOffset, type PageQuery } from "@/lib/schemas/pagination";
import { roleDefinition } from "@/lib/roles/role-catalog";
import type { TListOutletsQuery } from "@/features/outlets/outlets.schema";
import { ensureCourtOutlet } from "@/features/roles/court-outlet";
import { outletRecord } from "./outlet-record";

export async function listOutletRecords(db: Db, query: TListOutletsQuery, now: number) {
  await ensureCourtOutlet(db, now);
  const { rows, total } = await listOutlets(db, { status: query.status, offset: pageOffset(query), limit: query.limit });
  const items = await Promise.all(rows.map((row) => outletRecord(db, row, now)));
  return pageOf(items, query, total);
}

export async function getOutletRecord(db: Db, slug: string, now: number) {
  await ensureCourtOutlet(db, now);
  return { ok: true as const, outlet: await outletRecord(db, await getOutletBySlugOrThrow(db, slug), now) };
}

/** Wallets with at least one active role at the outlet, each with those roles. */
export async function listOutletUsers(db: Db, slug: string, query: PageQuery, now: number) {
  await ensureCourtOutlet(db, now);
  const outlet = await getOutletBySlugOrThrow(db, slug);
  const { wallets, roles, total } = await listOutletMembers(db, outlet.id, { offset: pageOffset(query), limit: query.limit });
  const items = wallets.map((wallet) => ({
    wallet,
    isOwner: wallet === outlet.owner_wallet,
    roles: roles
      .filter((r) => r.wallet === wallet)
      .map((r) => ({
        assignmentId: String(r.id),
        roleId: r.role_id,
        name: roleDefinition(r.role_id)?.name ?? `Role ${r.role_id}`,
        bonded: r.bonded === 1,
        grantedAt: String(r.granted_at),
        grantedBy: r.granted_by,
      })),
  }));
  return { ...pageOf(items, query, total), outletSlug: outlet.slug };
}
