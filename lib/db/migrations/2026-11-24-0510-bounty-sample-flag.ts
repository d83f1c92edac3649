import { sql, type Kysely } from "kysely";

// Sample data is marked (issue 15): the bundled bounty proposals and evaluations carry sample = 1 and
// are served with `sample: true` (the ad campaigns: 2026-11-24-0511). Databases that already hold the
// bundled records (loaded unmarked by earlier versions) get them marked here, matched on id, creation
// time and proposer (proposals) and their proposal (evaluations), so a real export that happens to
// reuse an id is not touched. The list is copied in: migrations are frozen.

const sampleProposals: Array<[string, number, string]> = [
  ["bp-2026-0001", 1793577600, "0xa6c6b63eee8a470fc49c7c1ffcbf14bdd45d06b6"],
  ["bp-2026-0002", 1793678400, "0x7b3bcd12a45ba02b28d10d7d6487454e9d33ad4e"],
  ["bp-2026-0003", 1793779200, "0xe39417911c5d2f99218dfba7e7418f9512bc2e25"],
  ["bp-2026-0004", 1793840400, "0xb2c6a98f625e8627d003e81980267074ed653978"],
  ["bp-2026-0005", 1793941200, "0x7522077dc4646c1b0bea4cdf8da3bdbb764e1eaa"],
  ["bp-2026-0006", 1794042000, "0x62ecd71b7c5e0b58ada4427cb770993e937e1ae5"],
  ["bp-2026-0007", 1794103200, "0xc8ba5be6c1ec817a2e3f6ed664ac0ef89d9964cf"],
  ["bp-2026-0008", 1794204000, "0x7522077dc4646c1b0bea4cdf8da3bdbb764e1eaa"],
  ["bp-2026-0009", 1794304800, "0x069efd27134b008c0426098f1ce482bfd7f1c756"],
  ["bp-2026-0010", 1794366000, "0xb2c6a98f625e8627d003e81980267074ed653978"],
  ["bp-2026-0011", 1794466800, "0x7b3bcd12a45ba02b28d10d7d6487454e9d33ad4e"],
  ["bp-2026-0012", 1794528000, "0x982f7bcfdf36c88998ba0a347a29e8da586e2544"],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["bounty_proposals", "bounty_evaluations"]) {
    await db.schema.alterTable(table).addColumn("sample", "integer", (c) => c.notNull().defaultTo(0)).execute();
  }
  for (const [id, createdAt, proposer] of sampleProposals) {
    await db
      .updateTable("bounty_proposals")
      .set({ sample: 1 })
      .where("id", "=", id)
      .where("created_at", "=", createdAt)
      .where(sql`lower(proposer)`, "=", proposer)
      .execute();
  }
  await db
    .updateTable("bounty_evaluations")
    .set({ sample: 1 })
    .where("proposal_id", "in", db.selectFrom("bounty_proposals").select("id").where("sample", "=", 1))
    .where("id", "like", "be-2026-00%")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["bounty_proposals", "bounty_evaluations"]) {
    await db.schema.alterTable(table).dropColumn("sample").execute();
  }
}
