import { VAULT_OBJECT_PATH } from "@/lib/vault/object-route";
import { pathOf } from "./request";

/** Where the bytes of a vault object are served: `/api/vault/<sha256>?download=1`. */
export const vaultDownloadPath = (objectId: string): string => `${pathOf({ path: VAULT_OBJECT_PATH }, { objectId })}?download=1`;

/** The object id (SHA-256 hex) of a root-relative vault path, or undefined when `uri` names no vault object. */
export function vaultObjectIdOf(uri: string): string | undefined {
  const prefix = pathOf({ path: VAULT_OBJECT_PATH }, { objectId: "" });
  if (!uri.startsWith(prefix)) return undefined;
  const id = uri.slice(prefix.length).split("?")[0] ?? "";
  return /^[0-9a-f]{64}$/.test(id) ? id : undefined;
}
