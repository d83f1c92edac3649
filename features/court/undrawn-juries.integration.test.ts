import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { OutboxStatus } from "@/lib/db/tables/operator-outbox.table";
import { freshDatabase } from "@/test/support/fresh-database";
import { dialectsUnderTest } from "@/test/support/stack";
import { undrawnJuryCases } from "@/features/court/jury.repository";

// The leader draws each jury once its draw block has passed, and awaits the transaction. On a slow chain the wait can
// end before the draw is mined and the jury projected; the next pass must not send a second draw (it would revert),
// so a case with a draw queued or sent is not due. A mined or failed draw no longer holds it back.

const dialects = await dialectsUnderTest();
const WALLET = "0x976EA74026E726554dB657fA54763abd0C3a0aa9";
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

const juryCase = (caseId: number, capsuleId: number) => ({
  case_id: caseId, capsule_id: capsuleId, outlet_key: `0x${"b".repeat(64)}`, author: WALLET, challenger: WALLET, claim_ids_json: "[]", fee: "3000000000000000000",
  snapshot_block: 7, pool_size: 9, round: 0, period: "evidence" as const, period_starts_at: 10, period_ends_at: null, draw_block: 20, findings_json: null,
  article_finding: null, winner: null, by_default: 0, opened_at: 11, open_tx_hash: hash(1000 + caseId), final_at: null, updated_at: 12,
});

const draw = (nonce: number, capsuleId: number, status: OutboxStatus, functionName = "draw") => ({
  chain_id: 31337, sender: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", nonce, tx_hash: hash(nonce), raw_tx: "0x02", purpose: "court.jury", contract: "juryCourt",
  function_name: functionName, capsule_id: capsuleId, case_id: null, role_id: null, wallet: null, status, block_number: status === "mined" || status === "failed" ? 30 : null,
  error_code: null, error_name: null, error_message: null, intent_json: null, created_at: 1, updated_at: 2,
});

describe.each(dialects)("the juries due to be drawn on %s", (dialect) => {
  const ctx = { handle: undefined as unknown as DatabaseHandle, drop: async () => {} };
  beforeEach(async () => Object.assign(ctx, await freshDatabase(dialect, "capsule_undrawn_juries")));
  afterEach(async () => ctx.drop());

  it("leaves out a case whose draw is queued or sent, and takes it again once that draw was mined or failed", async () => {
    const db = ctx.handle.db;
    await db.insertInto("jury_cases").values([juryCase(1, 101), juryCase(2, 102), juryCase(3, 103), juryCase(4, 104)]).execute();
    // case 1: nothing sent; case 2: a draw queued; case 3: a draw sent; case 4: a draw that failed, and an unrelated call in flight
    await db.insertInto("operator_outbox").values([draw(1, 102, "queued"), draw(2, 103, "sent"), draw(3, 104, "failed"), draw(4, 104, "sent", "advancePeriod")]).execute();
    expect((await undrawnJuryCases(db)).map((c) => c.case_id)).toEqual([1, 4]);
    await db.updateTable("operator_outbox").set({ status: "mined", block_number: 31 }).where("nonce", "=", 1).execute();
    expect((await undrawnJuryCases(db)).map((c) => c.case_id)).toEqual([1, 2, 4]);
  });
});
