import type { TClaimObject } from "@/features/capsules/claims.schema";
import { claimTypeLabel } from "@/components/ui/claim-type-labels";

// A capsule's claims for the desk: each quote with its kind and evidence; claims without evidence
// are marked unsupported, claims whose quote left the body are flagged. In the editor each can be removed.
export function ClaimList(props: {
  claims: TClaimObject[];
  evidence: { evidenceId: string; label: string }[];
  onRemove?: (claimId: string) => void;
  busy?: boolean;
}) {
  const labelOf = new Map(props.evidence.map((e) => [e.evidenceId, e.label]));
  const unsupported = props.claims.filter((c) => c.evidenceIds.length === 0).length;
  const unanchored = props.claims.filter((c) => !c.anchored).length;
  if (props.claims.length === 0) {
    return (
      <p className="text-sm text-stone-600" data-testid="claim-list-empty">
        No claims marked yet.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {unsupported > 0 || unanchored > 0 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="claims-warning">
          {[
            unsupported > 0 ? `${unsupported} ${unsupported === 1 ? "claim has" : "claims have"} no supporting evidence` : undefined,
            unanchored > 0 ? `${unanchored} ${unanchored === 1 ? "claim quotes" : "claims quote"} text no longer in the body (mark it again or remove it before submitting)` : undefined,
          ]
            .filter(Boolean)
            .join("; ")}
          .
        </p>
      ) : null}
      <ol className="space-y-2" data-testid="claim-list">
        {props.claims.map((claim) => (
          <li key={claim.claimId} className="rounded-md border border-stone-200 bg-white p-3 text-sm" data-testid="claim-item">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="min-w-0 break-words">
                <span className="font-semibold">Claim {claim.ordinal}</span> <span className="text-stone-500">· {claimTypeLabel[claim.claimType]}</span>
                <span className="mt-1 block font-serif text-ink">“<bdi>{claim.exact}</bdi>”</span>
              </p>
              {props.onRemove ? (
                <button type="button" className="text-sm text-red-700 underline" disabled={props.busy} onClick={() => props.onRemove?.(claim.claimId)} aria-label={`Remove claim ${claim.ordinal}`}>
                  Remove
                </button>
              ) : null}
            </div>
            {claim.evidenceIds.length > 0 ? (
              <p className="mt-1 text-stone-700">Evidence: {claim.evidenceIds.map((id) => labelOf.get(id) ?? `item ${id}`).join("; ")}</p>
            ) : (
              <p className="mt-1 font-medium text-amber-800" data-testid="claim-unsupported">
                Unsupported: no evidence picked
              </p>
            )}
            {!claim.anchored ? (
              <p className="mt-1 font-medium text-red-700" data-testid="claim-unanchored">
                The quoted words are no longer in the body.
              </p>
            ) : null}
            {claim.note ? <p className="mt-1 text-stone-600">Note: <bdi>{claim.note}</bdi></p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
