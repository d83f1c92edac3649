import { z } from "zod";
import { withOneLineRules } from "@/lib/schemas/plain-text";

// An article's feature image (issue 31, Ghost): a picture stored in the vault, named by the SHA-256 of
// its bytes, with the alt text a reader who cannot see it hears instead. The capsule's manifest
// carries {contentHash, mimeType, alt}, so the chain's manifest hash covers the image's bytes too.

export const FEATURE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const FEATURE_IMAGE_ALT_MAX = 300;

export type FeatureImage = { contentHash: `0x${string}`; mimeType: string; alt: string };

/** What a draft names: the vault object by its hash, and the alt text (required whenever an image is set). */
export const ZFeatureImageInput = z
  .object({
    contentHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "the SHA-256 of an image in the vault (0x + 64 hex digits)")
      .transform((v) => v.toLowerCase() as `0x${string}`),
    alt: withOneLineRules(
      z
        .string()
        .trim()
        .refine((s) => s.length > 0, "describe the image in words for readers who cannot see it (alt text is required with an image)")
        .refine((s) => [...s].length <= FEATURE_IMAGE_ALT_MAX, `at most ${FEATURE_IMAGE_ALT_MAX} characters`),
    ),
  })
  .strict();
export type TFeatureImageInput = z.infer<typeof ZFeatureImageInput>;

const ZStored = z.object({ contentHash: z.string().regex(/^0x[0-9a-f]{64}$/), mimeType: z.enum(FEATURE_IMAGE_TYPES), alt: z.string().min(1) });

/** The stored column's value; a row that does not parse is shown as no image rather than breaking the page. */
export function parseFeatureImage(json: string | null | undefined): FeatureImage | null {
  if (!json) return null;
  try {
    const parsed = ZStored.safeParse(JSON.parse(json));
    return parsed.success ? { contentHash: parsed.data.contentHash as `0x${string}`, mimeType: parsed.data.mimeType, alt: parsed.data.alt } : null;
  } catch {
    return null;
  }
}
