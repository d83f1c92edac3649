import type { DbOrTrx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { expectedTxtValue } from "@/lib/dns/txt-record";
import { ZOutlet, type TOutlet, type TOutletSummary } from "@/features/outlets/outlets.schema";
import { outletDistribution } from "@/features/distribution/distribution-inputs";

const str = (value: number | null) => (value === null ? null : String(value));

/** The seed's outlet object; an outlet without a metadata URI answers "" (docs/API.md, Conventions). */
export function outletSummary(row: OutletRow): TOutletSummary {
  return { outletId: String(row.id), outletSlug: row.slug, outletMetadataURI: row.metadata_uri ?? "", outletWallet: row.owner_wallet, status: row.status };
}

/** The public outlet record (GET /api/outlets/:slug and every answer that carries an outlet). */
export async function outletRecord(db: DbOrTrx, row: OutletRow, now: number): Promise<TOutlet> {
  const distribution = await outletDistribution(db, row, now);
  return ZOutlet.parse({
    ...outletSummary(row),
    name: row.name,
    domain: row.domain,
    description: row.description,
    verification: {
      method: "dns_txt",
      recordName: row.domain,
      recordType: "TXT",
      recordValue: expectedTxtValue(row.verification_token),
      verifiedAt: str(row.verified_at),
      lastCheckedAt: str(row.last_checked_at),
      lastResult: row.last_result,
    },
    // A trusted publisher is an active outlet whose record earns at least the Elevated tier.
    trustedPublisher: row.status === "active" && (distribution.tier === "elevated" || distribution.tier === "premium"),
    policyId: row.policy_id,
    distribution,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  });
}
