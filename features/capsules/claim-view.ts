import type { ClaimRow } from "@/lib/db/tables/capsules.table";
import { quoteMatches } from "@/features/capsules/claim-anchor";
import { ZClaimObject, type TClaimObject } from "@/features/capsules/claims.schema";
import type { ClaimRuling } from "./claim-rulings";

// Claim rows → the claim objects of /api/capsules/:id/claims and of the capsule read.

export const claimEvidenceIds = (row: ClaimRow): number[] => JSON.parse(row.evidence_ids_json) as number[];

export function claimObject(row: ClaimRow, body: string, ruling?: ClaimRuling): TClaimObject {
  return ZClaimObject.parse({
    claimId: String(row.id),
    ordinal: row.ordinal,
    exact: row.exact,
    prefix: row.prefix,
    suffix: row.suffix,
    claimType: row.claim_type,
    evidenceIds: claimEvidenceIds(row).map(String),
    note: row.note,
    verdict: ruling?.verdict ?? null,
    label: ruling?.label ?? null,
    anchored: quoteMatches(body, row),
  });
}
