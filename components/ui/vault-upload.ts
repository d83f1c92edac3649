import { ApiError } from "@/lib/api/api-client";
import { signedPost, type BrowserSession } from "@/lib/api/browser-session";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { plainFileName } from "@/lib/schemas/plain-text";
import { toBase64 } from "./file-hash";

// Storing a file the person picked in the bridge's vault, for every form that takes one (evidence, the
// feature image, evidence after publication, a court case's evidence).

/** The vault's default size cap; the bridge refuses larger files anyway (413), the form says it first. */
export const VAULT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Stores the file's bytes (read again unless given) under their SHA-256; answers the stored object. */
export async function storeInVault(session: BrowserSession | undefined, file: File, options: { bytes?: ArrayBuffer; capsuleId?: string } = {}) {
  const filename = plainFileName(file.name, "file");
  const bytes = options.bytes ?? (await file.arrayBuffer());
  const body = { filename, mimeType: file.type || "application/octet-stream", contentBase64: toBase64(bytes), ...(options.capsuleId ? { capsuleId: options.capsuleId } : {}) };
  return (await signedPost(session, vaultUpload, { body })).object;
}

/** Why a file was not stored, in words. */
export function vaultRefusal(error: unknown, otherwise: (error: unknown) => string = (e) => (e instanceof Error ? e.message : "the upload failed")): string {
  return error instanceof ApiError && error.status === 404 ? "the vault is not available on this server" : otherwise(error);
}
