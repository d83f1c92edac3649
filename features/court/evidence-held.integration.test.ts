import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Address } from "viem";
import type { DatabaseHandle } from "@/lib/db/connection";
import type { Db } from "@/lib/db/database";
import { freshDatabase } from "@/test/support/fresh-database";
import { dialectsUnderTest } from "@/test/support/stack";
import { findJuryCase } from "@/features/court/jury.repository";
import { evidenceOfSide } from "@/features/court/jury-relay";

// The bridge's per-side evidence limit counts what a side holds: the indexed EvidenceSubmitted entries and the
// relays not indexed yet. Read in two statements, an indexer commit between them (PostgreSQL reads each statement
// at its own start) moved a relay from "not indexed" to "indexed" unseen by both, and three requests at once for
// the last place let two through. One statement is one snapshot.

const dialects = await dialectsUnderTest();
const CHALLENGER = "0x976EA74026E726554dB657fA54763abd0C3a0aa9" as Address;
const OUTLET_AUTHOR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as Address;
const JURY_CASE = 4;
const COURT_CASE = 9;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

const indexedEvidence = (n: number, side: 1 | 2) => ({
  tx_hash: hash(n),
  log_index: 0,
  case_id: JURY_CASE,
  round: 0,
  kind: "EvidenceSubmitted",
  actor: side === 1 ? CHALLENGER : OUTLET_AUTHOR,
  details_json: JSON.stringify({ side, uri: `https://example.org/${n}` }),
  block_number: 100 + n,
  block_time: 1_800_000_000 + n,
});

const relayedEvidence = (n: number, wallet: Address, status: "queued" | "sent" | "mined" | "failed") => ({
  chain_id: 31337,
  sender: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  nonce: n,
  tx_hash: hash(n),
  raw_tx: "0x02",
  purpose: "court.jury",
  contract: "juryCourt",
  function_name: "submitEvidence",
  capsule_id: 1,
  case_id: COURT_CASE,
  role_id: null,
  wallet,
  status,
  block_number: status === "mined" ? 100 + n : null,
  error_code: null,
  error_name: null,
  error_message: null,
  intent_json: null,
  created_at: 1,
  updated_at: 2,
});

async function seed(db: Db) {
  await db
    .insertInto("jury_cases")
    .values({ case_id: JURY_CASE, capsule_id: 1, outlet_key: `0x${"b".repeat(64)}`, author: OUTLET_AUTHOR, challenger: CHALLENGER, claim_ids_json: "[]", fee: "3000000000000000000", snapshot_block: 7, pool_size: 9, round: 0, period: "evidence", period_starts_at: 10, period_ends_at: null, draw_block: null, findings_json: null, article_finding: null, winner: null, by_default: 0, opened_at: 11, open_tx_hash: `0x${"c".repeat(64)}`, final_at: null, updated_at: 12 })
    .execute();
  // the challenger: two items indexed (one of them relayed by this bridge and mined), one mined ahead of the
  // indexer, one still queued, one that failed; the outlet's side: one indexed, one sent
  await db.insertInto("jury_case_log").values([indexedEvidence(1, 1), indexedEvidence(2, 1), indexedEvidence(6, 2)]).execute();
  await db
    .insertInto("operator_outbox")
    .values([relayedEvidence(1, CHALLENGER, "mined"), relayedEvidence(3, CHALLENGER, "mined"), relayedEvidence(4, CHALLENGER, "queued"), relayedEvidence(5, CHALLENGER, "failed"), relayedEvidence(7, OUTLET_AUTHOR, "sent")])
    .execute();
}

function seededDatabase(dialect: "sqlite" | "postgres") {
  const ctx = { handle: undefined as unknown as DatabaseHandle, drop: async () => {} };
  beforeEach(async () => {
    Object.assign(ctx, await freshDatabase(dialect, "capsule_evidence_held"));
    await seed(ctx.handle.db);
  });
  afterEach(async () => ctx.drop());
  return ctx;
}

describe.each(dialects)("the evidence a side holds on %s", (dialect) => {
  const ctx = seededDatabase(dialect);

  it("counts each item once, indexed or still on its way, and nothing that failed", async () => {
    const { handle } = ctx;
    const jury = (await findJuryCase(handle.db, JURY_CASE))!;
    const held = (wallet: Address) => handle.db.transaction().execute((trx) => evidenceOfSide(trx, COURT_CASE, jury, wallet));
    expect(await held(CHALLENGER)).toEqual({ side: 1, held: 4 });
    expect(await held(OUTLET_AUTHOR)).toEqual({ side: 2, held: 2 });
  });

});

// the race itself needs a second connection, which only PostgreSQL has (SQLite's one connection runs a transaction alone)
describe.each(dialects.filter((d) => d === "postgres"))("the evidence count and the indexer on %s", (dialect) => {
  const ctx = seededDatabase(dialect);

  it("counts a relay the indexer takes in while the count is being read", async () => {
    const { handle } = ctx;
    const jury = (await findJuryCase(handle.db, JURY_CASE))!;
    let statements = 0;
    let indexed = false;
    // after the first statement of the count has its answer, the indexer (another connection) commits the relay
    // that was mined ahead of it: a second statement would no longer see it as "not indexed"
    const watched = handle.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        if (!indexed) {
          indexed = true;
          await handle.db.insertInto("jury_case_log").values(indexedEvidence(3, 1)).execute();
        }
        return args.result;
      },
    });
    const counted = await watched.transaction().execute((trx) => evidenceOfSide(trx, COURT_CASE, jury, CHALLENGER));
    expect(indexed).toBe(true);
    expect(counted).toEqual({ side: 1, held: 4 });
    expect(statements).toBe(1);
    // and read again once the indexer has it, the same count
    expect(await handle.db.transaction().execute((trx) => evidenceOfSide(trx, COURT_CASE, jury, CHALLENGER))).toEqual({ side: 1, held: 4 });
  });
});
