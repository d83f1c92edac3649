import { ZVaultObjectResponse, ZVaultParams, ZVaultQuery } from "@/lib/schemas/vault";
import { defineEndpoint } from "../define";

// GET /api/vault/:objectId
export const vaultObject = defineEndpoint({
  id: "vault.object",
  method: "GET",
  path: "/api/vault/:objectId",
  summary: "A vault object's record; with download=1, or addressed by its CID, its bytes (re-hashed on every read)",
  params: ZVaultParams,
  query: ZVaultQuery,
  response: ZVaultObjectResponse,
  produces: "json-or-bytes",
  rateLimit: ["public-get"],
  errors: ["VAULT_OBJECT_NOT_FOUND"],
  example: { params: { objectId: "0".repeat(64) } },
});
