import { sql } from "kysely";
import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow, ClaimRow, ContributorRow, EvidenceRow } from "@/lib/db/tables/capsules.table";
import type { JuryCaseRow } from "@/lib/db/tables/jury.table";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { CAPSULE_OUTBOX_LIMIT } from "@/lib/db/repositories/operator-outbox.repository";

/** What a capsule read needs besides the capsule's own row, as the separate repository reads answer it. */
export type CapsuleReadParts = {
  outlet: OutletRow | undefined;
  evidence: EvidenceRow[];
  contributors: ContributorRow[];
  claims: ClaimRow[];
  juryCases: JuryCaseRow[];
  chain: CapsuleRow[];
  outbox: OutboxRow[];
};

/**
 * PostgreSQL: every part of a capsule read in one statement, each list aggregated to JSON with the
 * filter and order of its own repository read (listEvidence, listContributors, listClaims,
 * juryCasesFiledOn, listChain, listCapsuleOutbox). One round trip instead of seven: on PostgreSQL each
 * statement is a protocol exchange the driver writes and parses, which was most of a by-id read's CPU.
 * The columns are text, integer and bigint only, which JSON carries as the driver's own parse would
 * (bigint as a number, lib/db/connection.ts), so the rows equal the separate reads'.
 */
export async function capsuleReadPartsPostgres(db: DbOrTrx, row: Pick<CapsuleRow, "id" | "outlet_id">, rootId: number): Promise<CapsuleReadParts> {
  const result = await sql<{ outlet: OutletRow | null; evidence: EvidenceRow[]; contributors: ContributorRow[]; claims: ClaimRow[]; jury_cases: JuryCaseRow[]; chain: CapsuleRow[]; outbox: OutboxRow[] }>`
    SELECT
      (SELECT row_to_json(o) FROM outlets o WHERE o.id = ${row.outlet_id}) AS outlet,
      (SELECT coalesce(json_agg(e ORDER BY e.id), '[]'::json) FROM capsule_evidence e WHERE e.capsule_id = ${row.id} AND e.active = 1) AS evidence,
      (SELECT coalesce(json_agg(p ORDER BY p.id), '[]'::json) FROM capsule_contributors p WHERE p.capsule_id = ${row.id} AND p.active = 1) AS contributors,
      (SELECT coalesce(json_agg(k ORDER BY k.ordinal), '[]'::json) FROM capsule_claims k WHERE k.capsule_id = ${row.id}) AS claims,
      (SELECT coalesce(json_agg(j ORDER BY j.case_id), '[]'::json) FROM jury_cases j JOIN court_cases cc ON cc.jury_case_id = j.case_id WHERE cc.capsule_id = ${row.id}) AS jury_cases,
      (SELECT coalesce(json_agg(c ORDER BY c.revision_number, c.id), '[]'::json) FROM capsules c WHERE c.id = ${rootId} OR c.root_capsule_id = ${rootId}) AS chain,
      (SELECT coalesce(json_agg(t ORDER BY t.id DESC), '[]'::json)
         FROM (SELECT * FROM operator_outbox WHERE capsule_id = ${row.id} ORDER BY id DESC LIMIT ${CAPSULE_OUTBOX_LIMIT}) t) AS outbox
  `.execute(db);
  const parts = result.rows[0]!;
  return { outlet: parts.outlet ?? undefined, evidence: parts.evidence, contributors: parts.contributors, claims: parts.claims, juryCases: parts.jury_cases, chain: parts.chain, outbox: parts.outbox };
}
