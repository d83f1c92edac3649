import { ZVaultFetchBody, ZVaultFetchResponse } from "@/features/vault/vault.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// POST /api/vault/fetch
export const vaultFetch = defineEndpoint({
  id: "vault.fetch",
  method: "POST",
  path: "/api/vault/fetch",
  summary: "Fetches a link once (https, public addresses only, size-capped) and stores its bytes like an upload (201 new, 200 already stored)",
  action: "vault.fetch",
  body: ZVaultFetchBody,
  response: ZVaultFetchResponse,
  status: 201,
  alsoAnswers: [{ status: 200, description: "the fetched bytes were already stored: the existing record (created false)" }],
  rateLimit: ["signed-write"],
  rolesNote: "only a wallet holding an active role at an active outlet (403 otherwise); the vault's quotas apply (413 VAULT_QUOTA_EXCEEDED)",
  errors: ["FORBIDDEN", "CAPSULE_NOT_FOUND", "LINK_NOT_FETCHED", "UNSUPPORTED_MEDIA_TYPE", "VAULT_QUOTA_EXCEEDED"],
  example: { body: { url: "https://archive.example.org/council/notice-2026-114.pdf", capsuleId: "12" } },
});
