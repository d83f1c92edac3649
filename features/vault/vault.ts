import "server-only";
import type { Address } from "viem";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { Db, DbOrTrx, Dialect, Trx } from "@/lib/db/database";
import type { VaultObjectRow } from "@/lib/db/tables/vault.table";
import { findCapsule } from "@/features/capsules/capsules.repository";
import { canSee, viewerOf } from "@/features/capsules/draft-visibility.repository";
import { findVaultObject, getVaultObjectOrThrow, insertVaultObjectIfAbsent, storedBytes } from "@/features/vault/vault.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { attachmentDisposition } from "@/lib/vault/content-disposition";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { logError } from "@/lib/log";
import type { TVaultFetchBody, TVaultObject, TVaultUploadBody } from "@/features/vault/vault.schema";
import { LinkNotFetched, type FetchedLink } from "@/lib/vault/link-fetch";
import { allowedMimeTypes, sniffMime } from "@/lib/vault/mime-sniff";
import { stageObject, commitStaged, discardStaged, readObject, sha256Hex } from "@/lib/vault/object-store";
import { challengesInEvidence } from "@/features/court/jury.repository";
import { holdsRoleAtActiveOutlet } from "@/features/roles/roles.repository";
import { takeTransactionLock } from "@/lib/db/server-functions";
import { vaultDownloadPath } from "@/lib/api/vault-path";

/** The request-body cap of the upload route: base64 of the largest object plus 1 KiB of JSON. */

export function vaultObject(row: VaultObjectRow): TVaultObject {
  return {
    objectId: row.id,
    size: String(row.size),
    mimeType: row.mime_type,
    filename: row.filename,
    uploader: row.uploader,
    capsuleId: row.capsule_id === null ? null : String(row.capsule_id),
    createdAt: String(row.created_at),
    uri: vaultDownloadPath(row.id),
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
export async function uploadObject(handle: Pick<DatabaseHandle, "db" | "dialect">, wallet: Address, body: TVaultUploadBody, now: number) {
  const { CAPSULE_VAULT_MAX_BYTES: maxBytes } = config();
  await requireActiveMembership(handle.db, wallet);
  const size = decodedLength(body.contentBase64);
  if (size > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", `The file is ${size} bytes; the vault accepts at most ${maxBytes} bytes`);
  if (size === 0) throw new AppError("VALIDATION_ERROR", "Invalid body: contentBase64", { issues: [{ path: "contentBase64", message: "the file is empty" }] });
  const bytes = new Uint8Array(Buffer.from(body.contentBase64, "base64"));
  return storeObject(handle, wallet, { bytes, mimeType: body.mimeType, filename: body.filename, capsuleId: body.capsuleId }, now);
}

/**
 * POST /api/vault/fetch — the bridge fetches a link once (lib/vault/link-fetch.ts) and stores what it
 * answered like an upload. Membership and the named capsule are checked before anything is fetched,
 * so the route is no probe for wallets without a newsroom role.
 */
export async function fetchIntoVault(
  handle: Pick<DatabaseHandle, "db" | "dialect">,
  wallet: Address,
  body: TVaultFetchBody,
  now: number,
  fetcher: (url: string) => Promise<FetchedLink>,
) {
  await requireActiveMembership(handle.db, wallet);
  if (body.capsuleId !== undefined) await requireVisibleCapsule(handle.db, wallet, body.capsuleId);
  let fetched: FetchedLink;
  try {
    fetched = await fetcher(body.url);
  } catch (error) {
    if (error instanceof LinkNotFetched) {
      if (error.kind === "refused") throw new AppError("VALIDATION_ERROR", error.message, { issues: [{ path: "url", message: error.message }] });
      throw new AppError("LINK_NOT_FETCHED", `${error.message}; choose the file you downloaded from the link instead`);
    }
    throw error;
  }
  const stored = await storeObject(handle, wallet, { bytes: fetched.bytes, mimeType: fetched.mimeType, filename: fetched.filename, capsuleId: body.capsuleId }, now);
  return { ...stored, fetched: { url: body.url, finalUrl: fetched.finalUrl, contentHash: `0x${stored.object.objectId}`, mimeType: stored.object.mimeType } };
}

async function requireVisibleCapsule(db: Db, wallet: Address, capsuleId: number): Promise<void> {
  const named = await findCapsule(db, capsuleId);
  if (!named || !canSee(named, await viewerOf(db, wallet))) throw new AppError("CAPSULE_NOT_FOUND", `No capsule with id ${capsuleId}`);
}

type NewObject = { bytes: Uint8Array; mimeType: string; filename: string; capsuleId: number | undefined };

/** Stores bytes under their SHA-256 and records them (the upload's and the fetch's common path): 415 type → 404 capsule → 413 quota. */
async function storeObject(handle: Pick<DatabaseHandle, "db" | "dialect">, wallet: Address, object: NewObject, now: number) {
  const { db, dialect } = handle;
  const { bytes } = object;
  const sniffed = sniffMime(object.mimeType, bytes);
  if (!sniffed.ok) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      sniffed.reason === "not_allowed"
        ? `The vault does not accept ${object.mimeType || "(empty)"}; allowed: ${allowedMimeTypes.join(", ")}`
        : `The content does not match the declared type ${object.mimeType}`,
    );
  }
  if (object.capsuleId !== undefined) await requireVisibleCapsule(db, wallet, object.capsuleId);
  const id = sha256Hex(bytes);
  const known = await findVaultObject(db, id);
  if (known) return { ok: true as const, created: false, object: await recordFor(db, known, wallet) };
  await requireQuota(db, wallet, bytes.byteLength); // cheap refusal before the bytes are written
  const dir = config().vaultDir;
  const staged = await stageObject(dir, id, bytes);
  const created = await db
    .transaction()
    .execute(async (trx) => {
      // the authoritative check: concurrent uploads queue on the lock, so together they never pass a quota
      await lockVaultQuota(trx, dialect);
      if (await findVaultObject(trx, id)) return false;
      await requireQuota(trx, wallet, bytes.byteLength);
      // in place before the row commits, under the lock: a recorded object always has its file
      await commitStaged(staged, dir, id);
      const inserted = await insertVaultObjectIfAbsent(trx, {
        id,
        size: bytes.byteLength,
        mime_type: sniffed.mimeType,
        filename: object.filename,
        uploader: wallet,
        capsule_id: object.capsuleId ?? null,
        created_at: now,
      });
      if (inserted) {
        await insertActivity(trx, [
          { wallet, kind: "vault.uploaded", subjectId: id, details: { size: String(bytes.byteLength), mimeType: sniffed.mimeType, filename: object.filename }, createdAt: now },
        ]);
      }
      return inserted;
    })
    // refused (over quota under concurrent uploads) or already stored: the staged bytes go
    .finally(() => discardStaged(staged));
  return { ok: true as const, created, object: await recordFor(db, await getVaultObjectOrThrow(db, id), wallet) };
}

/**
 * Uploads are for newsrooms: a wallet holding an active role at an active outlet (free wallets cannot fill
 * the disk), and for the challenger of a jury case in its evidence period, who files evidence there.
 */
async function requireActiveMembership(db: Db, wallet: Address): Promise<void> {
  if (await challengesInEvidence(db, wallet)) return;
  const member = await holdsRoleAtActiveOutlet(db, wallet);
  if (!member) throw new AppError("FORBIDDEN", "Only members of an active outlet, or the challenger of a jury case in its evidence period, may upload to the vault");
}

// Arbitrary constant key of the PostgreSQL advisory lock that serializes vault quota checks.
const VAULT_QUOTA_LOCK_KEY = 77_117_010;

/** Serializes the quota check and insert across servers on one PostgreSQL; SQLite admits one writer at a time. */
async function lockVaultQuota(trx: Trx, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await takeTransactionLock(trx, VAULT_QUOTA_LOCK_KEY);
}

/** Per-wallet and total quotas of stored bytes (checked again inside the insert's transaction). */
async function requireQuota(db: DbOrTrx, wallet: Address, size: number): Promise<void> {
  const { CAPSULE_VAULT_QUOTA_PER_WALLET_BYTES: perWallet, CAPSULE_VAULT_QUOTA_TOTAL_BYTES: total } = config();
  const [mine, all] = await Promise.all([storedBytes(db, wallet), storedBytes(db)]);
  if (mine + size > perWallet) {
    throw new AppError("VAULT_QUOTA_EXCEEDED", `This wallet has stored ${mine} of its ${perWallet} vault bytes; the file (${size} bytes) does not fit`, {
      details: { scope: "wallet", quotaBytes: String(perWallet), usedBytes: String(mine), fileBytes: String(size) },
    });
  }
  if (all + size > total) {
    throw new AppError("VAULT_QUOTA_EXCEEDED", `The vault holds ${all} of its ${total} bytes; the file (${size} bytes) does not fit`, {
      details: { scope: "total", quotaBytes: String(total), usedBytes: String(all), fileBytes: String(size) },
    });
  }
}

/**
 * The record as this reader may see it: the capsule it was uploaded for is named only to those who may
 * see that capsule. The id of a draft would tell anyone holding the file's hash (or uploading the same
 * bytes) that the draft exists. The uploader is named to itself, and beside a capsule the reader may see;
 * otherwise it is null: a hash anyone may hold (a leaked document) would tell who in which newsroom holds
 * the file before anything about it is published.
 */
async function recordFor(db: DbOrTrx, row: VaultObjectRow, reader: Address | undefined): Promise<TVaultObject> {
  const object = vaultObject(row);
  const own = reader !== undefined && row.uploader.toLowerCase() === reader.toLowerCase();
  const capsule = row.capsule_id === null ? undefined : await findCapsule(db, row.capsule_id);
  if (capsule && canSee(capsule, await viewerOf(db, reader))) return object;
  return { ...object, capsuleId: null, uploader: own ? object.uploader : null };
}

/** GET /api/vault/:id — the record, read anonymously. */
export async function getObjectRecord(db: Db, id: string) {
  return { ok: true as const, object: await recordFor(db, await getVaultObjectOrThrow(db, id), undefined) };
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
      // an uploaded HTML or SVG file opened on its own runs no script and reaches nothing of this site
      "content-security-policy": "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
      "content-disposition": attachmentDisposition(row.filename),
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${id}"`,
    },
  });
}
