import type { DbOrTrx } from "../database";

// Small reads of the outlets/roles tables that the capsule lifecycle needs.

const AUTHOR_ROLE_IDS = [1, 2, 3];

/** Role ids (1 Journalist, 2 Reporter, 3 Editor) the wallet actively holds at the outlet. */
export async function activeAuthorRoleIds(db: DbOrTrx, outletId: number, wallet: string): Promise<number[]> {
  const rows = await db
    .selectFrom("outlet_roles")
    .select("role_id")
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("revoked_at", "is", null)
    .where("role_id", "in", AUTHOR_ROLE_IDS)
    .orderBy("role_id", "asc")
    .execute();
  return rows.map((r) => r.role_id);
}

export async function isActiveBondedEditor(db: DbOrTrx, outletId: number, wallet: string): Promise<boolean> {
  const row = await db
    .selectFrom("outlet_roles")
    .select("id")
    .where("outlet_id", "=", outletId)
    .where("wallet", "=", wallet)
    .where("revoked_at", "is", null)
    .where("role_id", "=", 3)
    .where("bonded", "=", 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Wallets holding an active, bonded Editor role at the outlet (the voters), oldest grant first. */
export async function bondedEditorWallets(db: DbOrTrx, outletId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("outlet_roles")
    .select("wallet")
    .where("outlet_id", "=", outletId)
    .where("revoked_at", "is", null)
    .where("role_id", "=", 3)
    .where("bonded", "=", 1)
    .orderBy("id", "asc")
    .execute();
  return [...new Set(rows.map((r) => r.wallet))];
}
