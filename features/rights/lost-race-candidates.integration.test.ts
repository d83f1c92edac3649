import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/database";
import type { EscrowStatus, LicenceType } from "@/lib/db/tables/rights.table";
import { lostRaceDeposits } from "@/features/rights/licence-escrow.repository";
import { StuckDeposits, STUCK_RETRY_FIRST_SECONDS } from "@/features/rights/lost-race-backoff";
import { refundLostRacesOnce } from "@/features/rights/lost-race-refunds";
import { createLogger, logger, setLogger } from "@/lib/log";
import { insertCapsuleRows, listCapsule, useListDatabase, LIST_OUTLETS } from "@/test/support/capsule-list-fixture";
import { dialectsUnderTest } from "@/test/support/stack";

// The leader's lost-race refunds take what `lostRaceDeposits` answers (docs/DECISIONS.md, "Rival deposits of a sold
// exclusive listing are refunded by the leader"): held, undecided deposits into an exclusive priced listing whose
// licence is valid (its release projected released), of at least the price and naming the payee; oldest first, at
// most 50, leaving out the payments whose refund failed lately. Its filter on rows written by hand, on both dialects,
// without a chain.

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const RIVAL = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const PRICE = 2_000_000_000_000_000_000n;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
// no contracts where the bridge looks for them (read once, lazily): every refund a pass tries fails before the chain
process.env.CAPSULE_DEPLOYMENT_FILE = "/nonexistent/capsule-deployment.json";

describe.each(await dialectsUnderTest())("the lost-race refund candidates on %s", (dialect) => {
  const ctx = useListDatabase(dialect, async ({ handle, outletIds }) => {
    await insertCapsuleRows(handle.db, 1, () => listCapsule(0, outletIds, { article_slug: "escrow", status: "finalized", submitter: ALICE, submit_tx_hash: hash(1) }));
  });
  const db = (): Db => ctx.handle.db;
  let nextTx = 100;

  async function listing(options: { type?: LicenceType; price?: bigint; payee?: string | null } = {}) {
    const capsule = await db().selectFrom("capsules").select("id").executeTakeFirstOrThrow();
    const row = await db()
      .insertInto("rights_listings")
      .values({
        capsule_id: capsule.id,
        outlet_id: ctx.outletIds[0]!,
        outlet_slug: LIST_OUTLETS[0],
        created_by: ALICE,
        licence_type: options.type ?? "exclusive",
        territory: "worldwide",
        price: (options.price ?? PRICE).toString(),
        currency: "CAP",
        terms: "Syndication with credit.",
        expires_at: null,
        created_at: 1,
        payee: options.payee === undefined ? ALICE : options.payee,
        created_block: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function payment(paymentId: number, listingId: number, amount: bigint | string, options: { payee?: string; status?: EscrowStatus } = {}) {
    await db()
      .insertInto("licence_escrow_payments")
      .values({
        payment_id: paymentId,
        listing_id: listingId,
        buyer: RIVAL,
        payee: options.payee ?? ALICE,
        amount: amount.toString(),
        status: options.status ?? "held",
        payee_bps: null,
        refund_reason: options.status === "refunded" ? "reclaimed" : null,
        deposit_tx_hash: hash(nextTx++),
        settle_tx_hash: null,
        deposited_at: 1,
        settled_at: null,
      })
      .execute();
    return paymentId;
  }

  /** A licence on the listing paid by `paymentId`, which the bridge decided to release; `status` is what the chain did with it. */
  async function sold(listingId: number, paymentId: number, status: EscrowStatus) {
    const exclusive = (await db().selectFrom("rights_listings").select("licence_type").where("id", "=", listingId).executeTakeFirstOrThrow()).licence_type === "exclusive";
    await payment(paymentId, listingId, PRICE, { status });
    const licence = await db()
      .insertInto("rights_licences")
      .values({ listing_id: listingId, capsule_id: 1, buyer: BOB, price: PRICE.toString(), currency: "CAP", payment_tx_hash: hash(nextTx), verified_payment_tx_hash: hash(nextTx), payment_from: BOB, payment_to: ALICE, payment_value: PRICE.toString(), payment_block: 1, exclusive_listing_id: exclusive ? listingId : null, created_at: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    nextTx += 1;
    await db().insertInto("licence_escrow_settlements").values({ payment_id: paymentId, listing_id: listingId, buyer: BOB, action: "release", refund_reason: null, licence_id: licence.id, tx_hash: hash(nextTx++), created_at: 1 }).execute();
  }

  it("answers the held, undecided full-price deposits to the payee of exclusive listings whose sale is released, oldest first", async () => {
    const released = await listing();
    await sold(released, 1, "released");
    const atPrice = await payment(10, released, PRICE);
    const above = await payment(11, released, PRICE + 1n, { payee: ALICE.toLowerCase() });
    // wider than 64 bits, and longer than the price: compared as numbers, not as text
    const huge = await payment(12, released, 10n ** 30n);
    await payment(13, released, 1n);
    await payment(14, released, PRICE - 1n);
    // "999…9" sorts after "2000…0" as text, but is less than the price
    await payment(15, released, "999999999999999999");
    await payment(16, released, PRICE, { payee: BOB });
    await payment(17, released, PRICE, { status: "refunded" });
    // decided already (a refused or lost-race refund staged by a request): the request sends it
    const decided = await payment(18, released, PRICE);
    await db().insertInto("licence_escrow_settlements").values({ payment_id: decided, listing_id: released, buyer: RIVAL, action: "refund", refund_reason: "lost_race", licence_id: null, tx_hash: hash(nextTx++), created_at: 1 }).execute();

    // a sale whose release is still pending refunds nobody yet; a void one, nobody at all
    const pending = await listing();
    await sold(pending, 2, "held");
    await payment(20, pending, PRICE);
    const voided = await listing();
    await sold(voided, 3, "refunded");
    await payment(21, voided, PRICE);
    // not exclusive, not sold, free: no race was lost
    const shared = await listing({ type: "non_exclusive" });
    await sold(shared, 4, "released");
    await payment(22, shared, PRICE);
    const unsold = await listing();
    await payment(23, unsold, PRICE);
    const free = await listing({ price: 0n });
    await sold(free, 5, "released");
    await payment(24, free, PRICE);
    // a listing made before payees existed pays its creator
    const legacy = await listing({ payee: null });
    await sold(legacy, 6, "released");
    const legacyRival = await payment(25, legacy, PRICE);

    const candidates = await lostRaceDeposits(db());
    expect(candidates.map((c) => Number(c.payment_id))).toEqual([atPrice, above, huge, legacyRival]);
    expect(candidates[0]).toMatchObject({ listing_id: released, buyer: RIVAL, amount: PRICE.toString() });
    // at most `limit` a pass, the oldest first
    expect((await lostRaceDeposits(db(), 2)).map((c) => Number(c.payment_id))).toEqual([atPrice, above]);
    // payments whose refund failed lately wait outside the query: oldest or not, they take none of the limit's places
    expect((await lostRaceDeposits(db(), 2, [atPrice, huge])).map((c) => Number(c.payment_id))).toEqual([above, legacyRival]);
  });

  // docs/DECISIONS.md, "A lost-race deposit whose refund fails waits and is logged once"
  it("leaves a deposit whose refund failed out of the passes until it is due, logs it once, and reaches later ones meanwhile", async () => {
    const released = await listing();
    await sold(released, 100, "released");
    const rivals = [await payment(101, released, PRICE), await payment(102, released, PRICE)];
    // the first test's candidates are candidates here too: only this test's payments are looked at
    const ours = (ids: number[]) => ids.filter((id) => id > 100);
    const lines: Array<{ msg: string; paymentId?: number }> = [];
    const before = logger();
    setLogger(createLogger({ destination: { write: (line: string) => void lines.push(JSON.parse(line)) } }));
    const told = () => lines.filter((l) => l.msg === "a lost-race deposit could not be refunded now" && ours([l.paymentId ?? 0]).length > 0).map((l) => l.paymentId);
    try {
      const stuck = new StuckDeposits();
      const T = 1_800_000_000;
      const pass = async (at: number) => ours((await refundLostRacesOnce(db(), at, undefined, stuck)).skipped);
      expect(await pass(T)).toEqual(rivals);
      expect(told()).toEqual(rivals);
      // the next passes before they are due: neither is tried, nothing is said, and a later rival is tried at once
      expect(await pass(T + 5)).toEqual([]);
      const late = await payment(103, released, PRICE);
      expect(await pass(T + 6)).toEqual([late]);
      // due again: tried and failing as before, not said again
      expect(await pass(T + STUCK_RETRY_FIRST_SECONDS)).toEqual(rivals);
      expect(told()).toEqual([...rivals, late]);
    } finally {
      setLogger(before);
    }
  });
});
