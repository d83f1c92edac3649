"use client";

import { useRef, useState } from "react";
import { useSession } from "@/components/wallet/use-session";
import { FEATURE_IMAGE_ALT_MAX, FEATURE_IMAGE_TYPES } from "@/features/capsules/feature-image";
import type { DraftErrors, FeatureImageDraft } from "@/features/capsules/draft-form";
import { smallButton, TextArea } from "@/components/ui/field";
import { AlertLine, StatusLine } from "@/components/ui/form-message";
import { storeInVault, VAULT_FILE_MAX_BYTES, vaultRefusal } from "@/components/ui/vault-upload";
import { vaultDownloadPath } from "@/lib/api/vault-path";


// The article's feature image: a picture picked here is stored in the vault (its SHA-256 names it, and
// the manifest the editors vote on carries that hash), shown as a preview, and needs alt text.
export function FeatureImageEditor(props: { image: FeatureImageDraft | null; errors: DraftErrors; capsuleId?: string; onChange: (image: FeatureImageDraft | null) => void }) {
  const { session } = useSession();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const image = props.image;
  const altError = props.errors["featureImage.alt"] ?? props.errors["featureImage.contentHash"] ?? props.errors.featureImage;

  async function upload(file: File) {
    setNotice(undefined);
    if (!(FEATURE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setNotice(`${file.name} is not a PNG, JPEG, WebP or GIF picture.`);
      return;
    }
    if (file.size > VAULT_FILE_MAX_BYTES) {
      setNotice(`${file.name} is larger than 10 MB; make it smaller and pick it again.`);
      return;
    }
    setBusy(`Storing ${file.name} in the vault…`);
    try {
      const stored = await storeInVault(session, file, { capsuleId: props.capsuleId });
      const contentHash = `0x${stored.objectId}`;
      props.onChange({ contentHash, mimeType: stored.mimeType, url: vaultDownloadPath(stored.objectId), alt: image?.alt ?? "" });
    } catch (error) {
      const reason = vaultRefusal(error);
      setNotice(`${file.name} was not stored: ${reason}.`);
    } finally {
      setBusy(undefined);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <fieldset className="min-w-0 space-y-3" data-testid="feature-image-editor">
      <legend className="text-sm font-semibold text-stone-800">Feature image (optional)</legend>
      <p className="text-xs text-stone-500">Shown above the article. The picture is stored in the vault and its SHA-256 goes into what the editors vote on, so readers can check it is the one approved.</p>
      {image ? (
        <div className="space-y-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- the vault serves the bytes as stored; no image optimiser in between */}
          <img src={image.url} alt={image.alt} className="max-h-64 w-full rounded-md border border-stone-200 object-contain" data-testid="feature-image-preview" />
          <TextArea
            id="draft-feature-image-alt"
            label="Alt text"
            rows={2}
            maxLength={FEATURE_IMAGE_ALT_MAX}
            value={image.alt}
            error={altError}
            required
            hint="Required with an image: say in a sentence what the picture shows, for readers who cannot see it (screen readers read this aloud, and it shows if the image does not load)."
            onChange={(e) => props.onChange({ ...image, alt: e.target.value })}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <label className={`${smallButton} cursor-pointer has-disabled:cursor-not-allowed has-disabled:opacity-50 focus-within:outline focus-within:outline-2 focus-within:outline-accent`}>
          {image ? "Replace the image…" : "Choose an image…"}
          <input
            ref={fileInput}
            type="file"
            accept={FEATURE_IMAGE_TYPES.join(",")}
            className="sr-only"
            aria-label={image ? "Replace the feature image" : "Choose a feature image"}
            disabled={Boolean(busy)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        {image ? (
          <button type="button" className={smallButton} onClick={() => props.onChange(null)}>
            Remove the image
          </button>
        ) : null}
        <StatusLine as="span" text={busy} />
      </div>
      <AlertLine text={notice} className="text-sm text-amber-800" />
    </fieldset>
  );
}
