import { sql, type RawBuilder } from "kysely";
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
type PartsColumns = {
  read_outlet: OutletRow | null;
  read_evidence: EvidenceRow[];
  read_contributors: ContributorRow[];
  read_claims: ClaimRow[];
  read_jury_cases: JuryCaseRow[];
  read_chain: CapsuleRow[];
  read_outbox: OutboxRow[];
};

/** The parts' columns of a statement, for a capsule, its outlet and its chain's root given as values or as the outer row's columns. */
function partsColumns(capsuleId: RawBuilder<unknown>, outletId: RawBuilder<unknown>, rootId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
      (SELECT row_to_json(o) FROM outlets o WHERE o.id = ${outletId}) AS read_outlet,
      (SELECT coalesce(json_agg(e ORDER BY e.id), '[]'::json) FROM capsule_evidence e WHERE e.capsule_id = ${capsuleId} AND e.active = 1) AS read_evidence,
      (SELECT coalesce(json_agg(p ORDER BY p.id), '[]'::json) FROM capsule_contributors p WHERE p.capsule_id = ${capsuleId} AND p.active = 1) AS read_contributors,
      (SELECT coalesce(json_agg(k ORDER BY k.ordinal), '[]'::json) FROM capsule_claims k WHERE k.capsule_id = ${capsuleId}) AS read_claims,
      (SELECT coalesce(json_agg(j ORDER BY j.case_id), '[]'::json) FROM jury_cases j JOIN court_cases cc ON cc.jury_case_id = j.case_id
         WHERE cc.capsule_id = ${capsuleId} AND NOT (cc.status = 'closed' AND cc.verdict IS NULL)) AS read_jury_cases,
      (SELECT coalesce(json_agg(c ORDER BY c.revision_number, c.id), '[]'::json) FROM capsules c WHERE c.id = ${rootId} OR c.root_capsule_id = ${rootId}) AS read_chain,
      (SELECT coalesce(json_agg(t ORDER BY t.id DESC), '[]'::json)
         FROM (SELECT * FROM operator_outbox WHERE capsule_id = ${capsuleId} ORDER BY id DESC LIMIT ${CAPSULE_OUTBOX_LIMIT}) t) AS read_outbox`;
}

const partsOf = (columns: PartsColumns): CapsuleReadParts => ({
  outlet: columns.read_outlet ?? undefined,
  evidence: columns.read_evidence,
  contributors: columns.read_contributors,
  claims: columns.read_claims,
  juryCases: columns.read_jury_cases,
  chain: columns.read_chain,
  outbox: columns.read_outbox,
});

export async function capsuleReadPartsPostgres(db: DbOrTrx, row: Pick<CapsuleRow, "id" | "outlet_id">, rootId: number): Promise<CapsuleReadParts> {
  const result = await sql<PartsColumns>`SELECT ${partsColumns(sql`${row.id}`, sql`${row.outlet_id}`, sql`${rootId}`)}`.execute(db);
  return partsOf(result.rows[0]!);
}

/**
 * PostgreSQL: the capsule's own row (as `select *` reads it) and every part of its read, in one
 * statement: the by-id read's single round trip. Undefined when there is no such capsule.
 */
export async function capsuleWithReadPartsPostgres(db: DbOrTrx, id: number): Promise<{ row: CapsuleRow; parts: CapsuleReadParts } | undefined> {
  const result = await sql<CapsuleRow & PartsColumns>`
    SELECT x.*, ${partsColumns(sql.ref("x.id"), sql.ref("x.outlet_id"), sql`coalesce(x.root_capsule_id, x.id)`)}
    FROM capsules x WHERE x.id = ${id}`.execute(db);
  const found = result.rows[0];
  if (!found) return undefined;
  const { read_outlet, read_evidence, read_contributors, read_claims, read_jury_cases, read_chain, read_outbox, ...row } = found;
  return { row, parts: partsOf({ read_outlet, read_evidence, read_contributors, read_claims, read_jury_cases, read_chain, read_outbox }) };
}
