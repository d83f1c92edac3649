import { z } from "zod";
import { ZAddressOut, ZUintString } from "@/lib/schemas/primitives";
import { withOneLineRules } from "@/lib/schemas/plain-text";
import { zDecimalId } from "@/lib/schemas/whole-number";

// Vault objects (seed: Court, burn, vault): content-addressed by the SHA-256 of their bytes.

export const ZVaultObjectId = z.string().regex(/^[0-9a-f]{64}$/, "64 lowercase hex digits (the SHA-256 of the bytes)");
/** A vault address by content: the CIDv1 (raw, sha2-256, base32) of the bytes, as a capsule's metadataURI names its manifest. */
export const ZVaultCid = z.string().regex(/^bafkrei[a-z2-7]{52}$/, "a CIDv1 (raw codec, sha2-256, base32)");
export const ZVaultParams = z.object({
  objectId: z.union([ZVaultObjectId, ZVaultCid], { error: "64 lowercase hex digits (the SHA-256 of the bytes) or a CIDv1 (raw, sha2-256, base32)" }),
});
export const ZVaultQuery = z.object({ download: z.enum(["0", "1", "true", "false"]).optional() });

const ZCapsuleIdField = zDecimalId("capsule id");

export const ZVaultUploadBody = z
  .object({
    // shown on the desk and given to browsers as the download's name: a title's rules (a right-to-left override would
    // show "report<RLO>fdp.html" as "reportlmth.pdf"), and no slash or quote
    filename: withOneLineRules(
      z
        .string()
        .trim()
        .min(1)
        .max(255)
        .refine((name) => !/[\\/"]/.test(name), "a plain file name without slashes, backslashes or quotes"),
    ),
    mimeType: z.string().trim().toLowerCase().max(100),
    contentBase64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, "standard base64").refine((s) => s.length % 4 === 0, "standard base64 (padded)"),
    capsuleId: ZCapsuleIdField.optional(),
  })
  .strict();
export type TVaultUploadBody = z.infer<typeof ZVaultUploadBody>;

/** Evidence by link: the bridge fetches the link once and stores its bytes (https, public addresses only). */
export const ZVaultFetchBody = z
  .object({
    url: z.string().trim().min(1, "the link to fetch").max(2048, "at most 2048 characters"),
    capsuleId: ZCapsuleIdField.optional(),
  })
  .strict();
export type TVaultFetchBody = z.infer<typeof ZVaultFetchBody>;

export const ZVaultObject = z.object({
  objectId: z.string(),
  size: ZUintString,
  mimeType: z.string(),
  filename: z.string(),
  /** The wallet that stored the bytes: to itself, or when the record names a capsule the reader may see; else null. */
  uploader: ZAddressOut.nullable(),
  capsuleId: z.string().nullable(),
  createdAt: ZUintString,
  uri: z.string(),
});
export type TVaultObject = z.infer<typeof ZVaultObject>;

export const ZVaultObjectResponse = z.object({ ok: z.literal(true), object: ZVaultObject });
export const ZVaultUploadResponse = z.object({ ok: z.literal(true), created: z.boolean(), object: ZVaultObject });
export const ZVaultFetchResponse = ZVaultUploadResponse.extend({
  fetched: z.object({ url: z.string(), finalUrl: z.string(), contentHash: z.string().regex(/^0x[0-9a-f]{64}$/), mimeType: z.string() }),
});
