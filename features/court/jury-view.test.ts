import { describe, expect, it } from "vitest";
import { parseEther } from "viem";
import type { JuryCaseRow } from "@/lib/db/tables/jury.table";
import { appealCosts, claimIdsOf, juryFields, jurorsInRound, noJurorRevealed } from "./jury-view";
import { caseSummary } from "./case-view";
import type { JuryCaseLogRow } from "@/lib/db/tables/jury.table";
import type { TCourtCase } from "./court.schema";

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

describe("a jury case's claims, reveals and evidence", () => {
  it("names each claim key by its exact decimal id, the article as a whole by null", () => {
    expect(claimIdsOf({ claim_ids_json: JSON.stringify([`0x${"f".repeat(64)}`, `0x${"0".repeat(62)}63`]) })).toEqual([
      "115792089237316195423570985008687907853269984665640564039457584007913129639935",
      "99",
    ]);
    expect(claimIdsOf({ claim_ids_json: "[]" })).toEqual([null]);
  });

  it("tells a last round no juror revealed in from one where someone did (or none was drawn)", () => {
    const juror = (round: number, revealed: boolean) => ({ round, revealed_at: revealed ? 5 : null });
    expect(noJurorRevealed({ round: 0 }, [juror(0, false), juror(0, false), juror(0, false)])).toBe(true);
    expect(noJurorRevealed({ round: 0 }, [juror(0, false), juror(0, true), juror(0, false)])).toBe(false);
    expect(noJurorRevealed({ round: 1 }, [juror(0, true), juror(1, false)])).toBe(true);
    expect(noJurorRevealed({ round: 1 }, [juror(0, false), juror(1, true)])).toBe(false);
    expect(noJurorRevealed({ round: 0 }, [])).toBe(false);
  });

  it("counts the evidence; a list's case carries the count, not the entries", () => {
    const log = (i: number, kind: string): JuryCaseLogRow => ({
      tx_hash: `0x${i}`, log_index: 0, case_id: 1, round: 0, kind, actor: "0xc", details_json: JSON.stringify({ party: "0xc", side: 1, uri: `https://e.example.org/${i}` }), block_number: i, block_time: i,
    });
    const fields = juryFields(base, [], [log(1, "EvidenceSubmitted"), log(2, "PeriodChanged"), log(3, "EvidenceSubmitted")], { unknownClaimIds: ["99"] });
    expect(fields).toMatchObject({ evidenceCount: 2, unknownClaimIds: ["99"] });
    expect(fields.evidence).toHaveLength(2);
    const summary = caseSummary({ ...fields } as TCourtCase);
    expect(summary).not.toHaveProperty("evidence");
    expect(summary.evidenceCount).toBe(2);
    expect(summary.juryTimeline.map((e) => e.kind)).toEqual(["PeriodChanged"]);
  });
});
