import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress } from "viem";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { capsuleOutcomeSource } from "@/features/distribution/outcome-source";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { seedFinalizedCapsule, seedOutlet } from "@/features/partners/partners.test-support";

// The acceptance rate leaves out capsules accepted only by their own authors' ballots (submitter or
// contributor), counted in SQL over the vote projection on both dialects.

const dialects = await dialectsUnderTest();
const OWNER = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
const ALICE = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");
const BOB = getAddress("0x90f79bf6eb2c4f870365e785982e1f101e93b906");
const CAROL = getAddress("0x15d34aaf54267db7d7c367839aaf71a00a2c6a65");
const CAP = 10n ** 18n;
const T = 1_800_000_000;

describe.each(dialects)("self-accepted capsules on %s", (dialect) => {
  let t: TestDatabase;
  let outlet: OutletRow;
  let n = 0;

  /** A decided capsule of the outlet with these ballots; the tally is their sum, 60 % approval and 5 % quorum. */
  async function decided(submitter: string, status: "finalized" | "superseded" | "rejected", eligible: bigint, ballots: Array<{ voter: string; yes: boolean; weight: bigint }>, closedAt = T): Promise<CapsuleRow> {
    n += 1;
    const row = await seedFinalizedCapsule(t.db, { id: outlet.id, slug: outlet.slug }, submitter, n);
    const yes = ballots.filter((b) => b.yes).reduce((sum, b) => sum + b.weight, 0n);
    const no = ballots.filter((b) => !b.yes).reduce((sum, b) => sum + b.weight, 0n);
    await t.db
      .updateTable("capsules")
      .set({ status, yes_votes: yes.toString(), no_votes: no.toString(), eligible_weight: eligible.toString(), closed_at: closedAt, ...(status === "rejected" ? { finalized_at: null } : {}) })
      .where("id", "=", row.id)
      .execute();
    for (const [i, b] of ballots.entries()) {
      await t.db.insertInto("capsule_votes").values({ capsule_id: row.id, voter: b.voter, support: b.yes ? 1 : 0, weight: b.weight.toString(), tx_hash: `0x${(n * 100 + i).toString(16).padStart(64, "0")}`, log_index: i, block_time: closedAt - 60 }).execute();
    }
    return row;
  }
  const contributor = (capsuleId: number, wallet: string, active = 1) =>
    t.db.insertInto("capsule_contributors").values({ capsule_id: capsuleId, wallet, display_name: "Carol", role: 2, contribution_type: "researcher", share_bps: 5000, attribution_uri: null, active, created_at: T }).execute();

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    const id = await seedOutlet(t.db, "self-desk", OWNER);
    outlet = await t.db.selectFrom("outlets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("counts no self-accepted capsule where others carried the vote", async () => {
    await decided(ALICE, "finalized", 500n * CAP, [{ voter: ALICE, yes: true, weight: 250n * CAP }, { voter: BOB, yes: true, weight: 250n * CAP }]);
    await decided(BOB, "finalized", 500n * CAP, [{ voter: ALICE, yes: true, weight: 250n * CAP }]); // ALICE is not its author
    expect(await capsuleOutcomeSource(t.db, outlet, T + 10)).toEqual({ accepted: 2, rejected: 0, selfAccepted: 0 });
  });

  it("leaves out capsules only their submitter's or contributors' ballots accepted, in any letter case", async () => {
    // the journalist is the outlet's only Editor and accepts its own capsule
    await decided(ALICE, "finalized", 250n * CAP, [{ voter: ALICE, yes: true, weight: 250n * CAP }]);
    // a contributor's yes (stored in lower case) turned 40 % into 72.7 %
    const helped = await decided(BOB, "finalized", 1000n * CAP, [{ voter: CAROL.toLowerCase(), yes: true, weight: 300n * CAP }, { voter: ALICE, yes: true, weight: 100n * CAP }, { voter: OWNER, yes: false, weight: 150n * CAP }]);
    await contributor(helped.id, CAROL);
    // a version later superseded by a correction was accepted too, and counts the same way
    await decided(ALICE, "superseded", 250n * CAP, [{ voter: ALICE, yes: true, weight: 250n * CAP }], T + 100);
    // a rejected capsule stays rejected, whoever voted
    await decided(ALICE, "rejected", 500n * CAP, [{ voter: ALICE, yes: true, weight: 250n * CAP }, { voter: BOB, yes: false, weight: 250n * CAP }]);
    expect(await capsuleOutcomeSource(t.db, outlet, T + 200)).toEqual({ accepted: 2, rejected: 1, selfAccepted: 3 });
    // as of a block before the superseded one was decided
    expect(await capsuleOutcomeSource(t.db, outlet, T + 50, true)).toEqual({ accepted: 2, rejected: 1, selfAccepted: 2 });
  });

  it("does not count an inactive contributor row as an author", async () => {
    const row = await decided(BOB, "finalized", 1000n * CAP, [{ voter: CAROL, yes: true, weight: 300n * CAP }, { voter: ALICE, yes: true, weight: 100n * CAP }, { voter: OWNER, yes: false, weight: 150n * CAP }]);
    await contributor(row.id, CAROL, 0);
    expect(await capsuleOutcomeSource(t.db, outlet, T + 200)).toEqual({ accepted: 3, rejected: 1, selfAccepted: 3 });
  });
});
