import type { Insertable, Selectable } from "kysely";

/** A content-addressed vault object: id = SHA-256 hex of the bytes, stored under <vaultDir>/<id[0..2]>/<id>. */
export interface VaultObjectTable {
  id: string;
  size: number;
  mime_type: string;
  filename: string;
  uploader: string;
  capsule_id: number | null;
  created_at: number;
}

export interface VaultTables {
  vault_objects: VaultObjectTable;
}

export type VaultObjectRow = Selectable<VaultObjectTable>;
export type NewVaultObject = Insertable<VaultObjectTable>;
