import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";

// An article's feature image with its alt text, on the reader's page and the desk's capsule page. The
// bytes come from this service's vault (same origin, so the pages' image policy allows them).
export function FeatureImage({ image, className = "" }: { image: TCapsuleResponse["content"]["featureImage"]; className?: string }) {
  if (!image) return null;
  return (
    <figure className={className} data-testid="feature-image">
      {/* eslint-disable-next-line @next/next/no-img-element -- the vault serves the committed bytes as they are, no image optimiser in between */}
      <img src={image.url} alt={image.alt} className="w-full rounded-md border border-stone-200 bg-stone-50 object-contain" decoding="async" />
    </figure>
  );
}
