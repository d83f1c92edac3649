import Link from "next/link";

/** What "Trusted publisher when submitted" means, in the reader's words (no blocks, no chain terms). */
export const TRUSTED_PUBLISHER_MEANING =
  "When this article was submitted, its outlet stood at the Elevated or Premium tier: the two highest levels an outlet earns with its record. See how tiers work.";

// The reader's outlet line: whether the outlet was a trusted publisher when the article was submitted,
// linked to the page that explains the tiers.
export function TrustedPublisherNote() {
  return (
    <span className="normal-case tracking-normal" data-testid="reader-trusted-publisher">
      {" "}
      ·{" "}
      <Link href="/distribution" prefetch={false} title={TRUSTED_PUBLISHER_MEANING} className="hover:underline">
        Trusted publisher when submitted
      </Link>
    </span>
  );
}
