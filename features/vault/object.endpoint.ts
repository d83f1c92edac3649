import { ZVaultObjectResponse, ZVaultParams, ZVaultQuery } from "@/features/vault/vault.schema";
import { defineEndpoint } from "@/lib/endpoints/define";
import { VAULT_OBJECT_PATH } from "@/lib/vault/object-route";

// GET /api/vault/:objectId
export const vaultObject = defineEndpoint({
  id: "vault.object",
  method: "GET",
  path: VAULT_OBJECT_PATH,
  summary: "A vault object's record; with download=1, or addressed by its CID, its bytes (re-hashed on every read)",
  params: ZVaultParams,
  query: ZVaultQuery,
  response: ZVaultObjectResponse,
  produces: "json-or-bytes",
  rateLimit: ["public-get"],
  errors: ["VAULT_OBJECT_NOT_FOUND", "INTERNAL_ERROR"],
  example: { params: { objectId: "0".repeat(64) } },
});
