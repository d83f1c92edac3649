import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import { listChain } from "@/features/capsules/capsules.repository";
import { listClaims } from "@/features/capsules/capsule-claims.repository";
import { claimRulings } from "@/features/capsules/claim-rulings";
import type { RuledClaim } from "./article-notices";

/**
 * The claims of an article's versions that a court ruled on (a final finding, issue 27 item 5), in
 * version then claim order: what badges and feeds name beside the label.
 */
export async function ruledClaimsOfChain(db: DbOrTrx, rootId: number): Promise<RuledClaim[]> {
  const out: RuledClaim[] = [];
  for (const version of await listChain(db, rootId)) {
    const rulings = await claimRulings(db, version.id);
    if (rulings.size === 0) continue;
    for (const claim of await listClaims(db, version.id)) {
      const ruling = rulings.get(String(claim.id));
      if (ruling?.verdict) out.push({ ordinal: claim.ordinal, quote: claim.exact, label: ruling.label });
    }
  }
  return out;
}
