import { UNKNOWN_CLAIMS_NOTICE } from "@/features/court/clerk-retirement";

/** A case opened on chain on keys that are none of the capsule's claims: it ends without a finding. */
export function UnknownClaims({ ids, closed }: { ids: readonly string[]; closed: boolean }) {
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950 [overflow-wrap:anywhere]" data-testid="case-unknown-claims">
      {UNKNOWN_CLAIMS_NOTICE} ({ids.map((id) => `claim #${id}`).join(", ")}).{" "}
      {closed ? "The case ended without a finding: no label and no penalty." : "Whatever the jurors find, the case ends without a finding: no label and no penalty."}
    </p>
  );
}
