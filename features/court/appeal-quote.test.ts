import { describe, expect, it } from "vitest";
import { parseEther, type Address } from "viem";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import type { JuryCaseLogRow, JuryCaseRow } from "@/lib/db/tables/jury.table";
import { ZCourtCase } from "./court.schema";
import { caseObject } from "./case-view";
import { juryFields } from "./jury-view";
import { appealQuoteOf } from "./appeal-quote";

// The case page's appeal figures come from the case read (features/court/appeal-quote.ts), not from a second
// request that a change of period could turn into a 409. GET /api/court/case/:id/appeal answers the same function.

const court: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const row: CourtCaseRow = {
  id: 4, capsule_id: 9, root_capsule_id: 9, outlet_id: 1, outlet_slug: "harbour", opened_by: "0x0000000000000000000000000000000000000c0c", grounds: "The schedule reads 340.",
  claim: null, evidence_id: null, requested_label: "misleading", label_before: "clean", status: "open", verdict: null, rationale: null, finding: null, decided_by: null,
  jury_case_id: 2, claim_ids_json: "[]", opened_at: 100, closed_at: null,
};
const jury: JuryCaseRow = {
  case_id: 2, capsule_id: 9, outlet_key: "0x", author: "0xa", challenger: "0xc", claim_ids_json: "[]", fee: parseEther("3").toString(), snapshot_block: 1,
  pool_size: 20, round: 0, period: "appeal", period_starts_at: 0, period_ends_at: 500, draw_block: 1, findings_json: "[2]", article_finding: null, winner: 1,
  by_default: 0, opened_at: 0, open_tx_hash: "0x", final_at: null, updated_at: 0,
};
const funded = (side: number, paid: string, round = 0): JuryCaseLogRow => ({
  tx_hash: `0x${String(side)}${String(round)}`.padEnd(66, "0"), log_index: 0, case_id: 2, round, kind: "AppealFunded", actor: "0x00000000000000000000000000000000000000f0", details_json: JSON.stringify({ side, paid: parseEther(paid).toString() }), block_number: 10, block_time: 200,
});
const caseOf = (j: JuryCaseRow, log: JuryCaseLogRow[] = []) => ZCourtCase.parse(caseObject(row, undefined, { capsuleTitle: "Harbour figures", outletName: "The Ledger" }, undefined, juryFields(j, [], log)));

describe("the appeal quote from the case read", () => {
  it("gives each side's need, what it raised and what remains, with the round an appeal opens and the call to send", () => {
    const quote = appealQuoteOf(caseOf(jury, [funded(1, "2.5"), funded(2, "1")]), court);
    expect(quote).toEqual({
      ok: true,
      caseId: "4",
      juryCaseId: "2",
      round: 0,
      periodEndsAt: "500",
      nextRoundJurors: 7,
      nextRoundCost: parseEther("7").toString(),
      sides: [
        { side: "challenger", sideNumber: 1, winning: true, required: parseEther("7").toString(), paid: parseEther("2.5").toString(), remaining: parseEther("4.5").toString(), fundingEndsAt: "500" },
        { side: "outlet", sideNumber: 2, winning: false, required: parseEther("14").toString(), paid: parseEther("1").toString(), remaining: parseEther("13").toString(), fundingEndsAt: "250" },
      ],
      transaction: { to: court, functionName: "fundAppeal", caseId: "2" },
    });
  });

  it("closes the losing side's funding half-way through the period (rounded down, as the contract does), the winner's at its end", () => {
    const quote = appealQuoteOf(caseOf({ ...jury, winner: 2, period_starts_at: 1001, period_ends_at: 1001 + 259_201 }), court);
    expect(quote?.sides.map((s) => [s.side, s.winning, s.fundingEndsAt])).toEqual([
      ["challenger", false, String(1001 + 129_600)],
      ["outlet", true, String(1001 + 259_201)],
    ]);
  });

  it("counts only the current round's funding, and nothing remains of a side paid in full", () => {
    const quote = appealQuoteOf(caseOf({ ...jury, round: 1, winner: 2 }, [funded(1, "30", 0), funded(2, "15", 1)]), court);
    expect(quote?.nextRoundJurors).toBe(15);
    expect(quote?.sides.map((s) => [s.side, s.winning, s.paid, s.remaining])).toEqual([
      ["challenger", false, "0", parseEther("30").toString()],
      ["outlet", true, parseEther("15").toString(), "0"],
    ]);
  });

  it("has no next round to pay for when none can be seated", () => {
    const quote = appealQuoteOf(caseOf({ ...jury, pool_size: 6 }), court);
    expect(quote?.nextRoundCost).toBe("0");
    expect(quote?.sides.map((s) => s.remaining)).toEqual(["0", "0"]);
  });

  it("is none outside the appeal period, and none until the JuryCourt address is known", () => {
    expect(appealQuoteOf(caseOf({ ...jury, period: "evidence", round: 1 }), court)).toBeUndefined();
    expect(appealQuoteOf(caseOf(jury), undefined)).toBeUndefined();
  });
});
