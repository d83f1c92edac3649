import { sql, type Kysely } from "kysely";

// Bounty state (docs/ARCHITECTURE.md, "Where truth lives"): proposals and their evaluations, read by the bounty read service and
// replaced wholesale by `npm run bounty:load`. Amounts are text (uint256), times bigint Unix seconds.
// Frozen in time: later changes get a new migration, never an edit here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("bounty_proposals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("capsule_id", "text")
    .addColumn("outlet_slug", "text")
    .addColumn("reward_amount", "text", (c) => c.notNull())
    .addColumn("reward_token", "text", (c) => c.notNull())
    .addColumn("proposer", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addCheckConstraint(
      "bounty_proposals_status_check",
      sql`status in ('open', 'under_review', 'approved', 'rejected', 'settled')`,
    )
    .execute();
  // Paging order of GET /v1/bounty-proposals.
  await db.schema.createIndex("bounty_proposals_order_idx").on("bounty_proposals").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("bounty_evaluations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("proposal_id", "text", (c) => c.notNull().references("bounty_proposals.id").onDelete("cascade"))
    .addColumn("evaluator", "text", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull())
    .addColumn("verdict", "text", (c) => c.notNull())
    .addColumn("rationale", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addCheckConstraint("bounty_evaluations_score_check", sql`score between 0 and 100`)
    .addCheckConstraint("bounty_evaluations_verdict_check", sql`verdict in ('approve', 'reject', 'needs_changes')`)
    .execute();
  await db.schema.createIndex("bounty_evaluations_order_idx").on("bounty_evaluations").columns(["created_at", "id"]).execute();
  await db.schema
    .createIndex("bounty_evaluations_proposal_idx")
    .on("bounty_evaluations")
    .columns(["proposal_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bounty_evaluations").ifExists().execute();
  await db.schema.dropTable("bounty_proposals").ifExists().execute();
}
