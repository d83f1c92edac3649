import type { DbOrTrx } from "@/lib/db/database";

/** Inserts the nonce; false when it was already used. Atomic through the primary key. */
export async function consumeNonce(
  db: DbOrTrx,
  row: { nonce: string; wallet: string; action: string; expiresAt: number; usedAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto("auth_nonces")
    .values({ nonce: row.nonce, wallet: row.wallet, action: row.action, expires_at: row.expiresAt, used_at: row.usedAt })
    .onConflict((oc) => oc.column("nonce").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
