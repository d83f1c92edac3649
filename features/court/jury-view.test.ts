import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import type { JuryCaseRow } from "@/lib/db/tables/jury.table";
import { appealCosts, jurorsInRound } from "./jury-view";

const base: JuryCaseRow = {
  case_id: 1, capsule_id: 1, outlet_key: "0x", author: "0xa", challenger: "0xc", claim_ids_json: "[]", fee: parseEther("3").toString(), snapshot_block: 1,
  pool_size: 20, round: 0, period: "appeal", period_starts_at: 0, period_ends_at: 100, draw_block: 1, findings_json: "[2]", article_finding: null, winner: 1,
  by_default: 0, opened_at: 0, open_tx_hash: "0x", final_at: null, updated_at: 0,
};

describe("appeal costs from the projection (JuryCourt.appealCost)", () => {
  it("seats 3, then 2n + 1 jurors", () => {
    expect([0, 1, 2].map(jurorsInRound)).toEqual([3, 7, 15]);
  });

  it("asks the losing side for twice the next round's cost and the winning side for once", () => {
    expect(appealCosts(base)).toEqual({ challenger: parseEther("7"), outlet: parseEther("14") });
    expect(appealCosts({ ...base, winner: 2 })).toEqual({ challenger: parseEther("14"), outlet: parseEther("7") });
  });

  it("is zero when no further round can be seated, and absent outside the appeal period", () => {
    expect(appealCosts({ ...base, pool_size: 6 })).toEqual({ challenger: 0n, outlet: 0n });
    expect(appealCosts({ ...base, round: 2 })).toEqual({ challenger: 0n, outlet: 0n });
    expect(appealCosts({ ...base, period: "reveal" })).toBeNull();
  });
});
