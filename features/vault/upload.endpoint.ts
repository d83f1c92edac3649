import { ZVaultUploadBody, ZVaultUploadResponse } from "@/features/vault/vault.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/vault/upload
export const vaultUpload = defineEndpoint({
  id: "vault.upload",
  method: "POST",
  path: "/api/vault/upload",
  summary: "Stores a file under the SHA-256 of its bytes (201 new, 200 already stored)",
  action: "vault.upload",
  body: ZVaultUploadBody,
  response: ZVaultUploadResponse,
  status: 201,
  alsoAnswers: [{ status: 200, description: "the same bytes were already stored: the existing record (created false)" }],
  bodyLimit: "vault-upload",
  rateLimit: ["signed-write"],
  rolesNote: "only a wallet holding an active role at an active outlet, or the challenger of a jury case in its evidence period (403 otherwise); quotas of stored bytes per wallet and in total (413 VAULT_QUOTA_EXCEEDED)",
  errors: ["UNSUPPORTED_MEDIA_TYPE", "CAPSULE_NOT_FOUND", "FORBIDDEN", "VAULT_QUOTA_EXCEEDED"],
  example: { body: { filename: "notice.txt", mimeType: "text/plain", contentBase64: "VGhlIGJyaWRnZSByZW9wZW5zIG9uIE1vbmRheS4K" } },
});
