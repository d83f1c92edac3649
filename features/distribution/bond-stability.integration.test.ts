import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, parseEther, type Address } from "viem";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import type { IndexedEvent } from "@/lib/indexer/projector";
import { projectRoleBondActivity } from "@/features/roles/roles-activity.projector";
import { gatherFactorCounts } from "@/features/distribution/outlet-report";
import { factorsOf } from "@/features/distribution/integrity-factors";
import { dialectsUnderTest } from "@/test/support/stack";
import { openTestDatabase, type TestDatabase } from "@/test/hardening/database";
import { seedOutlet } from "@/features/partners/partners.test-support";

// Bond stability from the bond events the indexer projects (RoleRegistry's deposits, withdrawals, slashes and
// seizures) on both dialects: an Editor without the Editor bond counts 0, a withdrawal by the share that left.

const dialects = await dialectsUnderTest();
const OWNER = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
const ALICE = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");
const BOB = getAddress("0x90f79bf6eb2c4f870365e785982e1f101e93b906");
const DAY = 86_400;
const NOW = 1_800_000_000;
const decided = { accepted: 0, rejected: 0, selfAccepted: 0 };

describe.each(dialects)("bond stability on %s", (dialect) => {
  let t: TestDatabase;
  let outlet: OutletRow;
  let log = 0;

  /** A RoleRegistry bond event as the indexer hands it to the projector. */
  async function bondEvent(eventName: string, wallet: Address, at: number, args: Record<string, bigint | Address>) {
    log += 1;
    const event: IndexedEvent = {
      chainId: 31337,
      contract: "roleRegistry",
      address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      eventName,
      args: { wallet, ...args },
      blockNumber: log,
      blockHash: `0x${log.toString(16).padStart(64, "0")}`,
      blockTime: at,
      txHash: `0x${(log + 1000).toString(16).padStart(64, "0")}`,
      logIndex: 0,
    };
    await t.db.transaction().execute((trx) => projectRoleBondActivity(trx, event));
  }
  const editor = (wallet: string) =>
    t.db.insertInto("outlet_roles").values({ outlet_id: outlet.id, outlet_slug: outlet.slug, wallet, role_id: 3, bonded: wallet === OWNER ? 0 : 1, granted_at: NOW - 400 * DAY, granted_by: OWNER, revoked_at: null, revoked_by: null }).execute();
  const stability = async (at = NOW) => factorsOf(await gatherFactorCounts(t.db, outlet, at, decided)).bondStability;

  beforeAll(async () => {
    t = await openTestDatabase(dialect);
    const id = await seedOutlet(t.db, "bond-desk", OWNER);
    outlet = await t.db.selectFrom("outlets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("an outlet whose only Editor (its owner) holds no bond is not stable", async () => {
    await editor(OWNER);
    expect(await stability()).toMatchObject({ value: 0, sample: 1 });
  });

  it("counts an Editor below the Editor bond as 0 and one above it in full", async () => {
    await editor(ALICE);
    await bondEvent("BondDeposited", OWNER, NOW - 200 * DAY, { amount: parseEther("100"), total: parseEther("100") });
    await bondEvent("BondDeposited", ALICE, NOW - 200 * DAY, { amount: parseEther("1000"), total: parseEther("1000") });
    // owner 100 CAP < 250: 0; Alice 1000 kept: 100
    expect(await stability()).toMatchObject({ value: 50, sample: 2 });
  });

  it("weighs a withdrawal, a slash and a seizure by how much of the bond left in the last 90 days", async () => {
    await bondEvent("BondWithdrawn", ALICE, NOW - 30 * DAY, { amount: parseEther("100"), total: parseEther("900") });
    await bondEvent("BondSlashed", ALICE, NOW - 20 * DAY, { amount: parseEther("50") });
    await bondEvent("BondSeized", ALICE, NOW - 10 * DAY, { to: BOB, amount: parseEther("50") });
    // Alice holds 800 of the 1000 she held when the window opened: 80; the owner 0
    expect(await stability()).toMatchObject({ value: 40, sample: 2 });
    const seized = await t.db.selectFrom("activity").select(["kind", "details_json"]).where("wallet", "=", ALICE).where("kind", "=", "bond.seized").executeTakeFirstOrThrow();
    expect(JSON.parse(seized.details_json)).toMatchObject({ amount: parseEther("50").toString() });
    // a window opening after the withdrawal sees only the slash and seizure: 800 of 900
    expect(await stability(NOW + 61 * DAY)).toMatchObject({ value: 44.44, sample: 2 });
    // one opening after all three: Alice full again
    expect(await stability(NOW + 81 * DAY)).toMatchObject({ value: 50, sample: 2 });
  });

  it("an Editor with the Editor bond and a second with a small withdrawal keep the factor high", async () => {
    await bondEvent("BondDeposited", OWNER, NOW - DAY, { amount: parseEther("400"), total: parseEther("500") });
    // owner 500 now; its peak in the window is 500: 100; Alice 80
    expect(await stability()).toMatchObject({ value: 90, sample: 2 });
  });
});
