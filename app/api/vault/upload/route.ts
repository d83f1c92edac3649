import { route } from "@/lib/http/route";
import { db } from "@/lib/db/client";
import { config } from "@/lib/config/config";
import { jsonResponse } from "@/lib/http/json";
import { ZVaultUploadBody, ZVaultUploadResponse } from "@/lib/schemas/vault";
import { uploadBodyLimit, uploadObject } from "@/lib/services/vault/vault";

export const dynamic = "force-dynamic";

// The body cap follows CAPSULE_VAULT_MAX_BYTES, so the handler is built on first request (not at import/build time).
const build = () =>
  route({ action: "vault.upload", body: ZVaultUploadBody, maxBodyBytes: uploadBodyLimit(config().CAPSULE_VAULT_MAX_BYTES) }, async ({ body, wallet, now }) => {
    const result = ZVaultUploadResponse.parse(await uploadObject(db(), wallet, body, now));
    return jsonResponse(result, { status: result.created ? 201 : 200 });
  });
let handler: ReturnType<typeof build> | undefined;

// POST /api/vault/upload — store a file under the SHA-256 of its bytes (201 new, 200 already stored)
export const POST = (...args: Parameters<ReturnType<typeof build>>) => (handler ??= build())(...args);
