import type { DbOrTrx } from "@/lib/db/database";
import type { NewVaultObject, VaultObjectRow } from "@/lib/db/tables/vault.table";
import { AppError } from "@/lib/errors/app-error";

export async function findVaultObject(db: DbOrTrx, id: string): Promise<VaultObjectRow | undefined> {
  return db.selectFrom("vault_objects").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function getVaultObjectOrThrow(db: DbOrTrx, id: string): Promise<VaultObjectRow> {
  const row = await findVaultObject(db, id);
  if (!row) throw new AppError("VAULT_OBJECT_NOT_FOUND", `No vault object with id ${id}`);
  return row;
}

/** Bytes stored by one uploader (or by everyone without one). */
export async function storedBytes(db: DbOrTrx, uploader?: string): Promise<number> {
  let query = db.selectFrom("vault_objects").select((eb) => eb.fn.sum<string | number | null>("size").as("bytes"));
  if (uploader !== undefined) query = query.where("uploader", "=", uploader);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.bytes ?? 0);
}

/** Inserts unless the id exists (same bytes uploaded before); true when this call created it. */
export async function insertVaultObjectIfAbsent(db: DbOrTrx, values: NewVaultObject): Promise<boolean> {
  const result = await db.insertInto("vault_objects").values(values).onConflict((oc) => oc.column("id").doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
