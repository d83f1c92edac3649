import type { Insertable } from "kysely";
import type { DbOrTrx } from "@/lib/db/database";
import type { AuthSessionRow, AuthSessionTable } from "@/lib/db/tables/auth-sessions.table";

export async function insertSiweNonce(db: DbOrTrx, nonce: string, now: number, expiresAt: number): Promise<void> {
  await db.insertInto("auth_siwe_nonces").values({ nonce, created_at: now, expires_at: expiresAt, used_at: null }).execute();
}

/** Marks an unexpired, unused sign-in nonce used; false when there is none (unknown, expired or already used). */
export async function useSiweNonce(db: DbOrTrx, nonce: string, now: number): Promise<boolean> {
  const used = await db.updateTable("auth_siwe_nonces").set({ used_at: now }).where("nonce", "=", nonce).where("used_at", "is", null).where("expires_at", ">=", now).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function insertSession(db: DbOrTrx, row: Insertable<AuthSessionTable>): Promise<void> {
  await db.insertInto("auth_sessions").values(row).execute();
}

export async function findSession(db: DbOrTrx, id: string): Promise<AuthSessionRow | undefined> {
  return db.selectFrom("auth_sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Revokes the wallet's live session; false when it has none by that id (or it was already revoked). */
export async function revokeSessionRow(db: DbOrTrx, id: string, wallet: string, now: number): Promise<boolean> {
  const result = await db.updateTable("auth_sessions").set({ revoked_at: now }).where("id", "=", id).where("wallet", "=", wallet).where("revoked_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
