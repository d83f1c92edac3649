import { describe, expect, it } from "vitest";
import type { TCourtCase } from "@/features/court/court.schema";
import { byUrgency, jurorDuty } from "./juror-duty";
import { parseBallotFile } from "./jury-salt";

const me = "0x00000000000000000000000000000000000000Aa";
const juror = (over: Partial<TCourtCase["jurors"][number]> = {}) => ({ juror: me, round: 0, committed: false, revealed: false, findings: null, reasons: null, reward: null, slashed: null, ...over });
const jury = (over: Partial<TCourtCase>) => ({ caseId: "1", round: 0, period: "commit", periodEndsAt: "1000", jurors: [juror()], ...over }) as TCourtCase;

describe("what a juror must do next", () => {
  it("commits in the commit period, then waits for the reveal period", () => {
    expect(jurorDuty(jury({}), me.toLowerCase())).toEqual({ kind: "commit", by: "1000" });
    expect(jurorDuty(jury({ jurors: [juror({ committed: true })] }), me)).toEqual({ kind: "wait-reveal", from: "1000" });
  });

  it("reveals in the reveal period when it committed; otherwise it missed the commit", () => {
    expect(jurorDuty(jury({ period: "reveal", jurors: [juror({ committed: true })] }), me)).toEqual({ kind: "reveal", by: "1000" });
    expect(jurorDuty(jury({ period: "reveal" }), me)).toEqual({ kind: "missed", what: "commit" });
    expect(jurorDuty(jury({ period: "reveal", jurors: [juror({ committed: true, revealed: true })] }), me)).toEqual({ kind: "done" });
  });

  it("waits for the commit period when drawn during evidence; after the reveal period a juror who did not reveal missed it", () => {
    expect(jurorDuty(jury({ period: "evidence" }), me)).toEqual({ kind: "wait-commit", from: "1000" });
    expect(jurorDuty(jury({ period: "appeal", jurors: [juror({ committed: true })] }), me)).toEqual({ kind: "missed", what: "reveal" });
    expect(jurorDuty(jury({ period: "final", jurors: [juror({ committed: true, revealed: true })] }), me)).toEqual({ kind: "done" });
  });

  it("has nothing to do in a round it does not sit in", () => {
    expect(jurorDuty(jury({ round: 1 }), me)).toEqual({ kind: "done" });
  });

  it("lists cases with a deadline first, the soonest first", () => {
    const later = jury({ caseId: "2", periodEndsAt: "2000" });
    const done = jury({ caseId: "3", period: "final", jurors: [juror({ committed: true, revealed: true })] });
    const sooner = jury({ caseId: "4", period: "reveal", periodEndsAt: "1500", jurors: [juror({ committed: true })] });
    expect(byUrgency([done, later, sooner], me).map((c) => c.caseId)).toEqual(["4", "2", "3"]);
  });
});

describe("a saved salt file read back", () => {
  const ballot = { juryCaseId: "7", round: 0, juror: me, findings: ["misleading"], reasons: ["the table says 1.2"], salt: `0x${"ab".repeat(32)}`, savedToFile: true };
  it("restores this juror's ballot of this case and round", () => {
    expect(parseBallotFile(JSON.stringify({ ...ballot, note: "keep" }), { juryCaseId: "7", round: 0, juror: me.toLowerCase() })).toEqual(ballot);
  });
  it("refuses another case, round or juror, a bad salt, and text that is not JSON", () => {
    const want = { juryCaseId: "7", round: 0, juror: me };
    expect(parseBallotFile(JSON.stringify({ ...ballot, juryCaseId: "8" }), want)).toBeUndefined();
    expect(parseBallotFile(JSON.stringify({ ...ballot, round: 1 }), want)).toBeUndefined();
    expect(parseBallotFile(JSON.stringify({ ...ballot, juror: "0x1" }), want)).toBeUndefined();
    expect(parseBallotFile(JSON.stringify({ ...ballot, salt: "0x12" }), want)).toBeUndefined();
    expect(parseBallotFile("not json", want)).toBeUndefined();
  });
});
