import type { Kysely } from "kysely";
import type { BountyEvaluationRow, BountyProposalRow, BountyTables, NewBountyEvaluation, NewBountyProposal } from "@/lib/db/tables/bounty.table";

// The bounty service's SQL: its two tables, read by the read-only service and written by the loader.

type BountyDb = Kysely<BountyTables>;

export async function countBountyRecords(db: BountyDb): Promise<{ proposals: number; evaluations: number }> {
  const [p, e] = await Promise.all([
    db.selectFrom("bounty_proposals").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
    db.selectFrom("bounty_evaluations").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { proposals: Number(p.n), evaluations: Number(e.n) };
}

/** The oldest record of each table (the service checks one of each parses). */
export async function firstBountyRecords(db: BountyDb): Promise<{ proposal: BountyProposalRow | undefined; evaluation: BountyEvaluationRow | undefined }> {
  const [proposal, evaluation] = await Promise.all([
    db.selectFrom("bounty_proposals").selectAll().orderBy("created_at").orderBy("id").limit(1).executeTakeFirst(),
    db.selectFrom("bounty_evaluations").selectAll().orderBy("created_at").orderBy("id").limit(1).executeTakeFirst(),
  ]);
  return { proposal, evaluation };
}

export async function pageOfProposals(db: BountyDb, limit: number, offset: number): Promise<BountyProposalRow[]> {
  return db.selectFrom("bounty_proposals").selectAll().orderBy("created_at").orderBy("id").limit(limit).offset(offset).execute();
}

export async function pageOfEvaluations(db: BountyDb, limit: number, offset: number, proposalId: string | undefined): Promise<BountyEvaluationRow[]> {
  let query = db.selectFrom("bounty_evaluations").selectAll();
  if (proposalId !== undefined) query = query.where("proposal_id", "=", proposalId);
  return query.orderBy("created_at").orderBy("id").limit(limit).offset(offset).execute();
}

/** Replaces every record (inside the caller's transaction), in chunks that stay under the dialects' parameter limits. */
export async function replaceBountyRecords(trx: BountyDb, proposals: NewBountyProposal[][], evaluations: NewBountyEvaluation[][]): Promise<void> {
  await trx.deleteFrom("bounty_evaluations").execute();
  await trx.deleteFrom("bounty_proposals").execute();
  for (const part of proposals) await trx.insertInto("bounty_proposals").values(part).execute();
  for (const part of evaluations) await trx.insertInto("bounty_evaluations").values(part).execute();
}
