import { AUTHOR_ROLES } from "@/lib/roles/role-catalog";
import type { DbOrTrx } from "@/lib/db/database";
import type { NewOutletRole, OutletRoleRow } from "@/lib/db/tables/roles.table";

export async function findActiveRole(db: DbOrTrx, outletId: number, wallet: string, roleId: number): Promise<OutletRoleRow | undefined> {
  return db
    .selectFrom("outlet_roles")
    .selectAll()
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("role_id", "=", roleId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export async function insertRole(db: DbOrTrx, values: NewOutletRole): Promise<OutletRoleRow> {
  return db.insertInto("outlet_roles").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function markRoleBonded(db: DbOrTrx, id: number): Promise<OutletRoleRow> {
  return db.updateTable("outlet_roles").set({ bonded: 1 }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function revokeRole(db: DbOrTrx, id: number, by: string, at: number): Promise<OutletRoleRow> {
  return db
    .updateTable("outlet_roles")
    .set({ revoked_at: at, revoked_by: by })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Active roles of a wallet, at one outlet or everywhere, oldest grant first, with each outlet's name. */
export async function listActiveRolesOfWallet(
  db: DbOrTrx,
  wallet: string,
  options: { outletId?: number; offset?: number; limit?: number } = {},
): Promise<Array<OutletRoleRow & { outlet_name: string }>> {
  let query = db
    .selectFrom("outlet_roles")
    .innerJoin("outlets", "outlets.id", "outlet_roles.outlet_id")
    .selectAll("outlet_roles")
    .select("outlets.name as outlet_name")
    .where("outlet_roles.wallet", "=", wallet)
    .where("outlet_roles.revoked_at", "is", null);
  if (options.outletId !== undefined) query = query.where("outlet_roles.outlet_id", "=", options.outletId);
  query = query.orderBy("outlet_roles.id", "asc");
  if (options.limit !== undefined) query = query.offset(options.offset ?? 0).limit(options.limit);
  return query.execute();
}

export async function countActiveRolesOfWallet(db: DbOrTrx, wallet: string): Promise<number> {
  const row = await db
    .selectFrom("outlet_roles")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("wallet", "=", wallet)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The wallet's active roles at one outlet, with whether each was granted against a held bond. */
export async function activeRolesAt(db: DbOrTrx, outletId: number, wallet: string): Promise<Array<{ roleId: number; bonded: boolean }>> {
  const rows = await db
    .selectFrom("outlet_roles")
    .select(["role_id", "bonded"])
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("revoked_at", "is", null)
    .orderBy("role_id", "asc")
    .execute();
  return rows.map((r) => ({ roleId: r.role_id, bonded: r.bonded === 1 }));
}

/** Role ids of the wallet's active roles whose bond is locked (input of RoleRegistry.setLocked). */
export async function activeBondedRoleIds(db: DbOrTrx, wallet: string): Promise<number[]> {
  const rows = await db
    .selectFrom("outlet_roles")
    .select("role_id")
    .where("wallet", "=", wallet)
    .where("revoked_at", "is", null)
    .where("bonded", "=", 1)
    .execute();
  return rows.map((r) => r.role_id);
}

/** One page of the outlet's members (wallets with an active role), with all their active roles. */
export async function listOutletMembers(
  db: DbOrTrx,
  outletId: number,
  page: { offset: number; limit: number },
): Promise<{ wallets: string[]; roles: OutletRoleRow[]; total: number }> {
  const active = db.selectFrom("outlet_roles").where("outlet_id", "=", outletId).where("revoked_at", "is", null);
  const walletRows = await active
    .select("wallet")
    .select((eb) => eb.fn.min("id").as("first_id"))
    .groupBy("wallet")
    .orderBy("first_id", "asc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const count = await active
    .select((eb) => eb.fn.count<string | number>("wallet").distinct().as("n"))
    .executeTakeFirstOrThrow();
  const wallets = walletRows.map((r) => r.wallet);
  const roles = wallets.length === 0 ? [] : await active.selectAll().where("wallet", "in", wallets).orderBy("id", "asc").execute();
  return { wallets, roles, total: Number(count.n) };
}

// Reads the capsule lifecycle needs.

/** Author role ids (Journalist, Reporter, Editor) the wallet actively holds at the outlet. */
export async function activeAuthorRoleIds(db: DbOrTrx, outletId: number, wallet: string): Promise<number[]> {
  const rows = await db
    .selectFrom("outlet_roles")
    .select("role_id")
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("revoked_at", "is", null)
    .where("role_id", "in", [...AUTHOR_ROLES])
    .orderBy("role_id", "asc")
    .execute();
  return rows.map((r) => r.role_id);
}

/** Every grant of one role at an outlet, revoked ones too (tenure and the current holders). */
export async function roleGrantsAt(db: DbOrTrx, outletId: number, roleId: number): Promise<Array<{ wallet: string; granted_at: number; revoked_at: number | null }>> {
  return db.selectFrom("outlet_roles").select(["wallet", "granted_at", "revoked_at"]).where("outlet_id", "=", outletId).where("role_id", "=", roleId).execute();
}

/** The wallets holding a role at the outlet now. */
export async function activeHoldersOf(db: DbOrTrx, outletSlug: string, roleId: number): Promise<string[]> {
  return (await db.selectFrom("outlet_roles").select("wallet").where("outlet_slug", "=", outletSlug).where("role_id", "=", roleId).where("revoked_at", "is", null).execute()).map((r) => r.wallet);
}

/** The wallets that held a role at the outlet at time `at` (granted by then, not yet revoked): rows are never deleted, so any later read answers the same. */
export async function holdersAt(db: DbOrTrx, outletSlug: string, roleId: number, at: number): Promise<string[]> {
  const rows = await db
    .selectFrom("outlet_roles")
    .select("wallet")
    .where("outlet_slug", "=", outletSlug)
    .where("role_id", "=", roleId)
    .where("granted_at", "<=", at)
    .where((eb) => eb.or([eb("revoked_at", "is", null), eb("revoked_at", ">", at)]))
    .orderBy("id")
    .execute();
  return [...new Set(rows.map((r) => r.wallet))];
}

/** Whether the wallet holds any role at an active outlet now. */
export async function holdsRoleAtActiveOutlet(db: DbOrTrx, wallet: string): Promise<boolean> {
  const member = await db
    .selectFrom("outlet_roles")
    .innerJoin("outlets", "outlets.id", "outlet_roles.outlet_id")
    .select("outlet_roles.id")
    .where("outlet_roles.wallet", "=", wallet)
    .where("outlet_roles.revoked_at", "is", null)
    .where("outlets.status", "=", "active")
    .limit(1)
    .executeTakeFirst();
  return member !== undefined;
}
