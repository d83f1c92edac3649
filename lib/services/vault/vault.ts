import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { VaultObjectRow } from "@/lib/db/tables/vault.table";
import { findCapsule } from "@/lib/db/repositories/capsules.repository";
import { findVaultObject, getVaultObjectOrThrow, insertVaultObjectIfAbsent } from "@/lib/db/repositories/vault.repository";
import { insertActivity } from "@/lib/db/repositories/activity.repository";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";
import type { TVaultObject, TVaultUploadBody } from "@/lib/schemas/vault";
import { allowedMimeTypes, sniffMime } from "@/lib/vault/mime-sniff";
import { putObject, readObject, sha256Hex } from "@/lib/vault/object-store";

/** The request-body cap of the upload route: base64 of the largest object plus 1 KiB of JSON. */
export const uploadBodyLimit = (maxBytes: number): number => Math.ceil((maxBytes * 4) / 3) + 1024;

export function vaultObject(row: VaultObjectRow): TVaultObject {
  return {
    objectId: row.id,
    size: String(row.size),
    mimeType: row.mime_type,
    filename: row.filename,
    uploader: row.uploader,
    capsuleId: row.capsule_id === null ? null : String(row.capsule_id),
    createdAt: String(row.created_at),
    uri: `/api/vault/${row.id}?download=1`,
  };
}

function decodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/**
 * POST /api/vault/upload — stores the bytes under their SHA-256 and records them. The same bytes
 * again answer the existing record (created: false). Checks: 413 size → 415 type → 404 capsule.
 */
export async function uploadObject(db: Db, wallet: Address, body: TVaultUploadBody, now: number) {
  const { CAPSULE_VAULT_MAX_BYTES: maxBytes } = config();
  const size = decodedLength(body.contentBase64);
  if (size > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", `The file is ${size} bytes; the vault accepts at most ${maxBytes} bytes`);
  if (size === 0) throw new AppError("VALIDATION_ERROR", "Invalid body: contentBase64", { issues: [{ path: "contentBase64", message: "the file is empty" }] });
  const bytes = new Uint8Array(Buffer.from(body.contentBase64, "base64"));
  const sniffed = sniffMime(body.mimeType, bytes);
  if (!sniffed.ok) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      sniffed.reason === "not_allowed"
        ? `The vault does not accept ${body.mimeType || "(empty)"}; allowed: ${allowedMimeTypes.join(", ")}`
        : `The content does not match the declared type ${body.mimeType}`,
    );
  }
  if (body.capsuleId !== undefined && !(await findCapsule(db, body.capsuleId))) {
    throw new AppError("CAPSULE_NOT_FOUND", `No capsule with id ${body.capsuleId}`);
  }
  const id = sha256Hex(bytes);
  const known = await findVaultObject(db, id);
  if (known) return { ok: true as const, created: false, object: vaultObject(known) };
  await putObject(config().vaultDir, id, bytes);
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await insertVaultObjectIfAbsent(trx, {
      id,
      size: bytes.byteLength,
      mime_type: sniffed.mimeType,
      filename: body.filename,
      uploader: wallet,
      capsule_id: body.capsuleId ?? null,
      created_at: now,
    });
    if (inserted) {
      await insertActivity(trx, [
        { wallet, kind: "vault.uploaded", subjectId: id, details: { size: String(bytes.byteLength), mimeType: sniffed.mimeType, filename: body.filename }, createdAt: now },
      ]);
    }
    return inserted;
  });
  return { ok: true as const, created, object: vaultObject(await getVaultObjectOrThrow(db, id)) };
}

export async function getObjectRecord(db: Db, id: string) {
  return { ok: true as const, object: vaultObject(await getVaultObjectOrThrow(db, id)) };
}

/** GET /api/vault/:id?download=1 — the bytes, re-hashed on read; a mismatch is logged and never served. */
export async function downloadObject(db: Db, id: string): Promise<Response> {
  const row = await getVaultObjectOrThrow(db, id);
  const bytes = await readObject(config().vaultDir, id);
  if (!bytes || sha256Hex(bytes) !== id) {
    logError("vault", new Error(bytes ? "stored bytes do not match their id" : "stored file is missing"), { objectId: id });
    throw new AppError("INTERNAL_ERROR", "The stored object failed its integrity check and is not served");
  }
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "content-type": row.mime_type,
      "content-length": String(bytes.byteLength),
      "x-content-type-options": "nosniff",
      "content-disposition": `attachment; filename="${row.filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${id}"`,
    },
  });
}
