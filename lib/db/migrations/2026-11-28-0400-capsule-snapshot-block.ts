import type { Kysely } from "kysely";

// Issue 31: the capsule read carries the block whose RoleRegistry checkpoints make the capsule's
// electorate (VotingOpened.snapshotBlock), so the vote page knows before anyone signs who may vote.
// NULL until the indexer projects the capsule's VotingOpened (and for drafts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("capsules").addColumn("snapshot_block", "bigint").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("capsules").dropColumn("snapshot_block").execute();
}
