import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keccak256, parseEther, toHex, type Address, type Hex, type TransactionReceipt } from "viem";
import { juryCommitment, signJuryReveal } from "@/lib/chain/jury-ballots";
import { revertName } from "./fixture";
import { PERIOD, PERIODS, SIDE, startJuryFixture, type JuryFixture } from "./jury-fixture";

// One case per describe, walked period by period: opening, evidence, commit and reveal (relayed and direct),
// tally and incentives to the wei, appeals (funding rules, new rounds, round limit), finality and refunds.
// The fee per juror is 1 ether + 1 wei so every split leaves a remainder.
const F = parseEther("1") + 1n;
const JURORS = 16;
let f: JuryFixture;
const gas: Record<string, bigint> = {};
const note = (action: string, receipt: TransactionReceipt) => {
  gas[action] = receipt.gasUsed;
  return receipt;
};

beforeAll(async () => {
  f = await startJuryFixture({ jurors: JURORS, feePerJuror: F });
}, 240_000);
afterAll(async () => {
  // Gas per action, copied into docs/DECISIONS.md.
  console.log(Object.entries(gas).map(([action, used]) => `${action}: ${used}`).join("\n"));
  await f?.stop();
});

const balanceOf = (who: Address) => f.read<bigint>("balanceOf", [who]);
const jurorsOf = async (caseId: bigint, round: number) => (await f.roundOf(caseId, round)).jurors;
const claim = (n: number): Hex => keccak256(toHex(`claim ${n}`));
const evidence = (from: number, caseId: bigint, party: Address, uri = "ipfs://evidence") =>
  f.wallets[from]!.writeContract({ ...f.court, functionName: "submitEvidence", args: [caseId, party, uri] });
const fund = (wallet: number, caseId: bigint, side: number, value: bigint) =>
  f.wallets[wallet]!.writeContract({ ...f.court, functionName: "fundAppeal", args: [caseId, side], value });
const eventNamed = <N extends string>(receipt: TransactionReceipt, name: N) => {
  const found = f.events(receipt).filter((e) => e.eventName === name);
  return found as Extract<(typeof found)[number], { eventName: N }>[];
};

/** A new case on a new capsule, drawn, whose commit and reveal periods ran out with nobody voting: in its appeal period (the outlet won round 0). */
async function inAppealNobodyRevealed(claims: Hex[] = []) {
  const { caseId } = await f.openCase(await f.publishCapsule(), claims);
  await f.drawNow(caseId);
  for (let step = 0; step < 3; step++) {
    await f.untilPeriodEnds(caseId);
    await f.advancePeriod(caseId);
  }
  return caseId;
}

/** Commits and reveals the given findings for each listed juror (relayed), then closes both periods. */
async function vote(caseId: bigint, round: number, votes: ReadonlyMap<Address, { findings: number[]; reveal: boolean }>) {
  for (const [juror, v] of votes) await f.mined(f.commitBySig(caseId, round, juror, v.findings));
  await f.untilPeriodEnds(caseId);
  await f.advancePeriod(caseId);
  for (const [juror, v] of votes) if (v.reveal) await f.mined(f.revealBySig(caseId, round, juror, v.findings));
  await f.untilPeriodEnds(caseId);
}

describe("JuryCourt configuration", () => {
  it("lets only the operator set periods, draw delay and fee, and refuses empty periods", async () => {
    const cfg = { evidenceSeconds: 1n, commitSeconds: 1n, revealSeconds: 1n, appealSeconds: 1n, drawDelayBlocks: 1n, feePerJuror: 1n };
    expect(await revertName(f.wallets[5]!.writeContract({ ...f.court, functionName: "setConfig", args: [cfg] }))).toBe("NotOperator");
    expect(await revertName(f.wallets[0]!.writeContract({ ...f.court, functionName: "setConfig", args: [{ ...cfg, commitSeconds: 0n }] }))).toBe("InvalidConfig");
    expect(await revertName(f.wallets[0]!.writeContract({ ...f.court, functionName: "setConfig", args: [{ ...cfg, drawDelayBlocks: 0n }] }))).toBe("InvalidConfig");
    expect(await f.read<readonly bigint[]>("config")).toEqual([PERIODS.evidence, PERIODS.commit, PERIODS.reveal, PERIODS.appeal, 3n, F]);
    expect(await Promise.all([0n, 1n, 2n].map((r) => f.read<bigint>("jurorsInRound", [r])))).toEqual([3n, 7n, 15n]);
  });
});

describe("JuryCourt case: one claim, a non-revealing juror, the losing side alone funds its appeal", () => {
  let capsuleId: bigint;
  let caseId: bigint;
  let openedIn: bigint;
  let jurors: readonly Address[];

  it("refuses a wrong fee, an unpublished capsule, the author's own challenge and bad claim lists", async () => {
    capsuleId = await f.publishCapsule();
    const open = (from: number, id: bigint, claims: Hex[], value: bigint) =>
      f.wallets[from]!.writeContract({ ...f.court, functionName: "openCase", args: [id, claims], value });
    expect(await revertName(open(2, capsuleId, [], 3n * F - 1n))).toBe("WrongFee");
    expect(await revertName(open(2, 424242n, [], 3n * F))).toBe("NotPublished");
    expect(await revertName(open(1, capsuleId, [], 3n * F))).toBe("OwnArticle");
    expect(await revertName(open(2, capsuleId, [claim(1), claim(2), claim(1)], 3n * F))).toBe("DuplicateClaim");
    expect(await revertName(open(2, capsuleId, Array.from({ length: 33 }, (_, i) => claim(i)), 3n * F))).toBe("TooManyClaims");
  });

  it("opens with the challenger's fee held, a snapshot and the evidence period in chain time", async () => {
    const courtBefore = await f.balance(f.courtAddress);
    const opened = await f.openCase(capsuleId);
    caseId = opened.caseId;
    openedIn = opened.receipt.blockNumber;
    note("openCase (22 wallets in the registry pool)", opened.receipt);
    const block = await f.publicClient.getBlock({ blockNumber: opened.receipt.blockNumber });
    const [caseOpened] = eventNamed(opened.receipt, "CaseOpened");
    expect(caseOpened!.args).toMatchObject({ capsuleId, challenger: f.cast.challenger.address, author: f.cast.author.address, claimIds: [], fee: 3n * F, poolSize: JURORS });
    expect(caseOpened!.args.snapshotBlock).toBe(opened.receipt.blockNumber - 1n);
    const [period] = eventNamed(opened.receipt, "PeriodChanged");
    expect(period!.args).toEqual({ caseId, round: 0, period: PERIOD.Evidence, startsAt: block.timestamp, endsAt: block.timestamp + PERIODS.evidence });
    expect(await f.read<bigint>("periodEndsAt", [caseId])).toBe(block.timestamp + PERIODS.evidence);
    expect(await f.balance(f.courtAddress)).toBe(courtBefore + 3n * F);
    expect(await f.read<bigint>("openCaseOf", [capsuleId])).toBe(caseId);
    expect(await f.read<bigint>("claimCount", [caseId])).toBe(1n);
    // the index a reader's node answers instead of a log scan: the case and the block of its CaseOpened, not final yet
    expect(await f.read("casesOf", [capsuleId])).toEqual([[caseId], [openedIn], [0n]]);
  });

  it("keeps a running case's periods when the operator changes the configuration", async () => {
    const end = await f.read<bigint>("periodEndsAt", [caseId]);
    const cfg = { evidenceSeconds: 60n, commitSeconds: 60n, revealSeconds: 60n, appealSeconds: 60n, drawDelayBlocks: 3n, feePerJuror: F };
    await f.mined(f.wallets[0]!.writeContract({ ...f.court, functionName: "setConfig", args: [cfg] }));
    expect(await f.read<bigint>("periodEndsAt", [caseId])).toBe(end);
    const restore = { ...cfg, evidenceSeconds: PERIODS.evidence, commitSeconds: PERIODS.commit, revealSeconds: PERIODS.reveal, appealSeconds: PERIODS.appeal };
    await f.mined(f.wallets[0]!.writeContract({ ...f.court, functionName: "setConfig", args: [restore] }));
  });

  it("takes evidence from both sides (directly or relayed by the operator) and from nobody else", async () => {
    const sides = async (receipt: Promise<Hex>) => eventNamed(await f.mined(receipt), "EvidenceSubmitted").map((e) => [e.args.party, e.args.side]);
    expect(await sides(evidence(2, caseId, f.cast.challenger.address))).toEqual([[f.cast.challenger.address, SIDE.challenger]]);
    expect(await sides(evidence(1, caseId, f.cast.author.address))).toEqual([[f.cast.author.address, SIDE.outlet]]);
    expect(await sides(evidence(3, caseId, f.cast.outletEditor.address))).toEqual([[f.cast.outletEditor.address, SIDE.outlet]]);
    // The operator relays the outlet's reply for its Reporter (a member there).
    const relayed = await f.mined(evidence(0, caseId, f.cast.outletReporter.address, "ipfs://reply"));
    note("submitEvidence (relayed)", relayed);
    expect(eventNamed(relayed, "EvidenceSubmitted")[0]!.args).toEqual({ caseId, round: 0, party: f.cast.outletReporter.address, side: SIDE.outlet, uri: "ipfs://reply" });

    const stranger = f.cast.bondedNonEditor.address;
    expect(await revertName(evidence(6, caseId, stranger))).toBe("NotAParty");
    expect(await revertName(evidence(0, caseId, stranger))).toBe("NotAParty");
    expect(await revertName(evidence(6, caseId, f.cast.challenger.address))).toBe("NotAParty");
    expect(await revertName(evidence(2, caseId, f.cast.challenger.address, ""))).toBe("UriTooLong");
  });

  it("does not end evidence early, refuses commits before the commit period, then draws and moves on", async () => {
    expect(await revertName(f.wallets[9]!.writeContract({ ...f.court, functionName: "advancePeriod", args: [caseId] }))).toBe("PeriodNotOver");
    note("draw (3 jurors)", await f.drawNow(caseId));
    jurors = await jurorsOf(caseId, 0);
    expect(await revertName(f.commitBySig(caseId, 0, jurors[0]!, [2]))).toBe("WrongPeriod");
    await f.untilPeriodEnds(caseId);
    expect(await revertName(evidence(2, caseId, f.cast.challenger.address))).toBe("PeriodOver");
    const receipt = note("advancePeriod (evidence → commit)", await f.advancePeriod(caseId));
    expect(eventNamed(receipt, "PeriodChanged")[0]!.args.period).toBe(PERIOD.Commit);
  });

  it("takes one commitment per drawn juror, signed by that juror", async () => {
    const outsider = f.jurorAccounts.find((a) => !jurors.includes(a.address))!;
    expect(await revertName(f.commitBySig(caseId, 0, outsider.address, [2]))).toBe("NotJuror");
    // A commitment signed by someone else is refused.
    const forged = await f.wallets[0]!.signTypedData({
      domain: { name: "Capsule Jury Court", version: "1", chainId: f.record.chainId, verifyingContract: f.courtAddress },
      types: { Commit: [{ name: "caseId", type: "uint256" }, { name: "round", type: "uint256" }, { name: "juror", type: "address" }, { name: "commitment", type: "bytes32" }] },
      primaryType: "Commit",
      message: { caseId, round: 0n, juror: jurors[0]!, commitment: keccak256(toHex("x")) },
    });
    expect(
      await revertName(f.wallets[0]!.writeContract({ ...f.court, functionName: "commitBySig", args: [caseId, jurors[0]!, keccak256(toHex("x")), forged] })),
    ).toBe("InvalidSignature");
    expect(await revertName(f.walletOf(jurors[1]!).writeContract({ ...f.court, functionName: "commit", args: [caseId, `0x${"0".repeat(64)}`] }))).toBe(
      "EmptyCommitment",
    );

    note("commitBySig", await f.mined(f.commitBySig(caseId, 0, jurors[0]!, [2])));
    // A juror may also send the transaction themselves.
    const direct = juryCommitment(caseId, 0n, jurors[1]!, [2], f.saltOf(jurors[1]!, 0));
    // The browser's helper and the contract compute the same commitment.
    expect(await f.read<Hex>("commitmentOf", [caseId, 0n, jurors[1]!, [2], f.saltOf(jurors[1]!, 0)])).toBe(direct);
    await f.mined(f.walletOf(jurors[1]!).writeContract({ ...f.court, functionName: "commit", args: [caseId, direct] }));
    expect(await revertName(f.commitBySig(caseId, 0, jurors[0]!, [3]))).toBe("AlreadyCommitted");
    expect(await revertName(f.advancePeriod(caseId))).toBe("PeriodNotOver");
    await f.mined(f.commitBySig(caseId, 0, jurors[2]!, [1]));
    expect((await f.roundOf(caseId, 0)).committed).toBe(3);
  });

  it("ends the commit period early once every juror has committed", async () => {
    const end = await f.read<bigint>("periodEndsAt", [caseId]);
    const receipt = await f.advancePeriod(caseId);
    const block = await f.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    expect(block.timestamp).toBeLessThan(end);
    expect((await f.getCase(caseId)).period).toBe(PERIOD.Reveal);
  });

  it("refuses reveals that do not match the commitment or carry bad findings, reasons or signatures", async () => {
    const juror = jurors[0]!;
    expect(await revertName(f.revealBySig(caseId, 0, juror, [2], ["wrong salt"], keccak256(toHex("other salt"))))).toBe("CommitmentMismatch");
    expect(await revertName(f.revealBySig(caseId, 0, juror, [3]))).toBe("CommitmentMismatch");
    expect(await revertName(f.revealBySig(caseId, 0, juror, [2, 2]))).toBe("WrongClaimCount");
    expect(await revertName(f.revealBySig(caseId, 0, juror, [5]))).toBe("InvalidFinding");
    expect(await revertName(f.revealBySig(caseId, 0, juror, [2], ["x".repeat(281)]))).toBe("ReasonTooLong");
    // The relayer cannot change the public reason the juror signed.
    const signer = f.jurorAccounts.find((a) => a.address === juror)!;
    const salt = f.saltOf(juror, 0);
    const signature = await signJuryReveal(signer, f.courtAddress, f.record.chainId, { caseId, round: 0n, juror, findings: [2], reasons: ["the figures are wrong"], salt });
    expect(
      await revertName(f.wallets[0]!.writeContract({ ...f.court, functionName: "revealBySig", args: [caseId, juror, [2], ["the figures are right"], salt, signature] })),
    ).toBe("InvalidSignature");

    const receipt = note("revealBySig", await f.mined(f.wallets[0]!.writeContract({ ...f.court, functionName: "revealBySig", args: [caseId, juror, [2], ["the figures are wrong"], salt, signature] })));
    expect(eventNamed(receipt, "Revealed")[0]!.args).toEqual({ caseId, round: 0, juror, findings: [2], reasons: ["the figures are wrong"] });
    expect(await revertName(f.revealBySig(caseId, 0, juror, [2]))).toBe("AlreadyRevealed");
    expect(await f.read<readonly [boolean, boolean, boolean, readonly number[]]>("voteOf", [caseId, 0n, juror])).toEqual([true, true, true, [2]]);
  });

  it("refuses a reveal after the reveal period, and does not end it early while a juror has not revealed", async () => {
    await f.mined(f.walletOf(jurors[1]!).writeContract({ ...f.court, functionName: "reveal", args: [caseId, [2], ["copied from a press release"], f.saltOf(jurors[1]!, 0)] }));
    expect(await revertName(f.advancePeriod(caseId))).toBe("PeriodNotOver");
    await f.untilPeriodEnds(caseId);
    expect(await revertName(f.revealBySig(caseId, 0, jurors[2]!, [1]))).toBe("PeriodOver");
  });

  it("tallies by plurality, pays coherent jurors to the wei and slashes the juror who did not reveal", async () => {
    const late = jurors[2]!;
    const bond = await f.bondOf(late);
    const slash = (bond * 500n) / 10_000n;
    const [pool, before0, before1, before2] = await Promise.all([f.balance(f.addr("burnPool")), balanceOf(jurors[0]!), balanceOf(jurors[1]!), balanceOf(late)]);

    const receipt = note("advancePeriod (reveal → appeal, tally of 3)", await f.advancePeriod(caseId));
    expect(eventNamed(receipt, "RoundTallied")[0]!.args).toEqual({ caseId, round: 0, findings: [2], winner: SIDE.challenger });
    const share = (3n * F) / 2n;
    const dust = 3n * F - 2n * share;
    expect(dust).toBe(1n);
    expect(eventNamed(receipt, "JurorRewarded").map((e) => [e.args.juror, e.args.amount])).toEqual([
      [jurors[0], share],
      [jurors[1], share],
    ]);
    expect(eventNamed(receipt, "JurorSlashed").map((e) => e.args)).toEqual([{ caseId, round: 0, juror: late, amount: slash }]);
    expect(await balanceOf(jurors[0]!)).toBe(before0 + share);
    expect(await balanceOf(jurors[1]!)).toBe(before1 + share);
    expect(await balanceOf(late)).toBe(before2);
    expect(await f.bondOf(late)).toBe(bond - slash);
    expect(await f.balance(f.addr("burnPool"))).toBe(pool + dust + slash);
    expect(await f.read<readonly number[]>("rulingOf", [caseId])).toEqual([2]);
    expect((await f.getCase(caseId)).period).toBe(PERIOD.Appeal);
  });

  it("shows the appeal costs: the losing side 2×, the winning side 1× the next round's cost", async () => {
    expect(await f.read<bigint>("appealCost", [caseId, SIDE.challenger])).toBe(7n * F);
    expect(await f.read<bigint>("appealCost", [caseId, SIDE.outlet])).toBe(14n * F);
    expect(await revertName(f.read("appealCost", [caseId, 3]))).toBe("InvalidSide");
  });

  it("takes partial funding, credits back what exceeds the need, and refuses a funded side", async () => {
    const first = await f.mined(fund(6, caseId, SIDE.outlet, 5n * F));
    note("fundAppeal (partial)", first);
    expect(eventNamed(first, "AppealFunded")[0]!.args).toEqual({ caseId, round: 0, side: SIDE.outlet, contributor: f.accounts[6]!.address, amount: 5n * F, paid: 5n * F, required: 14n * F });
    const excessBefore = await balanceOf(f.accounts[4]!.address);
    const second = await f.mined(fund(4, caseId, SIDE.outlet, 10n * F));
    expect(eventNamed(second, "AppealFunded")[0]!.args).toMatchObject({ amount: 9n * F, paid: 14n * F });
    expect(await balanceOf(f.accounts[4]!.address)).toBe(excessBefore + F);
    expect(await revertName(fund(6, caseId, SIDE.outlet, 1n))).toBe("SideFunded");
    expect(await revertName(fund(6, caseId, SIDE.challenger, 0n))).toBe("ZeroAmount");
    expect(await f.read<readonly [bigint, bigint, bigint, boolean]>("appealOf", [caseId, 0n])).toEqual([0n, 14n * F, 0n, false]);
  });

  it("refuses funding after the appeal period; the side that alone is funded wins, by default", async () => {
    await f.untilPeriodEnds(caseId);
    expect(await revertName(fund(2, caseId, SIDE.challenger, 7n * F))).toBe("PeriodOver");
    const authorBond = await f.bondOf(f.cast.author.address);
    const receipt = note("advancePeriod (appeal → final)", await f.advancePeriod(caseId));
    expect(eventNamed(receipt, "CaseFinal")[0]!.args).toEqual({ caseId, round: 0, findings: [4], articleFinding: 4, winner: SIDE.outlet, byDefault: true });
    expect(eventNamed(receipt, "ChallengerRefunded")).toEqual([]);
    expect(await f.bondOf(f.cast.author.address)).toBe(authorBond);
    const c = await f.getCase(caseId);
    expect([c.period, c.winner, c.byDefault]).toEqual([PERIOD.Final, SIDE.outlet, true]);
    expect(await f.read<bigint>("openCaseOf", [capsuleId])).toBe(0n);
    expect(await f.read<bigint>("periodEndsAt", [caseId])).toBe(0n);
    expect(await revertName(f.advancePeriod(caseId))).toBe("WrongPeriod");
    expect(await f.read("casesOf", [capsuleId])).toEqual([[caseId], [openedIn], [receipt.blockNumber]]);
  });

  it("refunds contributions in full when the appeal did not start a round, once", async () => {
    const who = f.accounts[6]!.address;
    const before = await f.balance(who);
    note("withdrawContribution", await f.mined(f.wallets[9]!.writeContract({ ...f.court, functionName: "withdrawContribution", args: [caseId, 0, who] })));
    expect(await f.balance(who)).toBe(before + 5n * F);
    expect(await revertName(f.wallets[9]!.writeContract({ ...f.court, functionName: "withdrawContribution", args: [caseId, 0, who] }))).toBe("NothingToWithdraw");
    const other = f.accounts[4]!.address;
    const otherBefore = await f.balance(other);
    await f.mined(f.wallets[9]!.writeContract({ ...f.court, functionName: "withdrawContribution", args: [caseId, 0, other] }));
    expect(await f.balance(other)).toBe(otherBefore + 9n * F);
  });

  it("pays out a juror's fees on withdraw", async () => {
    const juror = jurors[0]!;
    const owed = await balanceOf(juror);
    const before = await f.balance(juror);
    const receipt = note("withdraw", await f.mined(f.walletOf(juror).writeContract({ ...f.court, functionName: "withdraw" })));
    expect(await f.balance(juror)).toBe(before + owed - receipt.gasUsed * receipt.effectiveGasPrice);
    expect(await balanceOf(juror)).toBe(0n);
    expect(await revertName(f.walletOf(juror).writeContract({ ...f.court, functionName: "withdraw" }))).toBe("NothingToWithdraw");
  });

  it("lists a second case on the same capsule after the first, each with its own blocks; other capsules list none", async () => {
    const second = await f.openCase(capsuleId);
    const [ids, opened, ended] = await f.read<readonly [readonly bigint[], readonly bigint[], readonly bigint[]]>("casesOf", [capsuleId]);
    expect(ids).toEqual([caseId, second.caseId]);
    expect(opened).toEqual([openedIn, second.receipt.blockNumber]);
    expect(ended[0]).toBeGreaterThan(openedIn);
    expect(ended[1]).toBe(0n);
    expect(await f.read("casesOf", [capsuleId + 1_000n])).toEqual([[], [], []]);
  });
});

describe("JuryCourt case: nobody reveals, the winner alone funds", () => {
  let caseId: bigint;

  it("returns the fee to the challenger when no juror reveals, slashes all three and rules unresolved", async () => {
    ({ caseId } = await f.openCase(await f.publishCapsule()));
    await f.drawNow(caseId);
    await f.untilPeriodEnds(caseId);
    await f.advancePeriod(caseId);
    await f.untilPeriodEnds(caseId);
    expect(await revertName(f.commitBySig(caseId, 0, (await jurorsOf(caseId, 0))[0]!, [1]))).toBe("PeriodOver");
    await f.advancePeriod(caseId);
    await f.untilPeriodEnds(caseId);
    const before = await balanceOf(f.cast.challenger.address);
    const receipt = await f.advancePeriod(caseId);
    expect(eventNamed(receipt, "FeeReturned")[0]!.args).toEqual({ caseId, round: 0, amount: 3n * F });
    expect(eventNamed(receipt, "JurorSlashed")).toHaveLength(3);
    expect(eventNamed(receipt, "JurorRewarded")).toEqual([]);
    expect(await balanceOf(f.cast.challenger.address)).toBe(before + 3n * F);
    expect((await f.getCase(caseId)).challengerFee).toBe(0n);
    expect(eventNamed(receipt, "RoundTallied")[0]!.args).toMatchObject({ findings: [4], winner: SIDE.outlet });
  });

  it("keeps the ruling when only the winning side is funded, and refunds that funding", async () => {
    expect(await f.read<bigint>("appealCost", [caseId, SIDE.outlet])).toBe(7n * F);
    await f.mined(fund(3, caseId, SIDE.outlet, 7n * F));
    await f.untilPeriodEnds(caseId);
    const receipt = await f.advancePeriod(caseId);
    expect(eventNamed(receipt, "CaseFinal")[0]!.args).toMatchObject({ findings: [4], winner: SIDE.outlet, byDefault: false });
    const who = f.accounts[3]!.address;
    const before = await f.balance(who);
    await f.mined(f.wallets[9]!.writeContract({ ...f.court, functionName: "withdrawContribution", args: [caseId, 0, who] }));
    expect(await f.balance(who)).toBe(before + 7n * F);
  });
});

describe("JuryCourt case: nobody reveals, the challenger alone funds", () => {
  it("wins by default for the challenger with the mildest adverse finding, without refunding a fee already returned", async () => {
    const caseId = await inAppealNobodyRevealed([claim(201), claim(202)]);
    expect(await f.read<readonly number[]>("rulingOf", [caseId])).toEqual([4, 4]);
    expect(await f.read<bigint>("appealCost", [caseId, SIDE.challenger])).toBe(14n * F);
    await f.mined(fund(2, caseId, SIDE.challenger, 14n * F));
    await f.untilPeriodEnds(caseId);
    const authorBond = await f.bondOf(f.cast.author.address);
    const receipt = await f.advancePeriod(caseId);
    expect(eventNamed(receipt, "CaseFinal")[0]!.args).toEqual({ caseId, round: 0, findings: [2, 2], articleFinding: 2, winner: SIDE.challenger, byDefault: true });
    expect(eventNamed(receipt, "ChallengerRefunded")[0]!.args.amount).toBe(0n);
    expect(await f.bondOf(f.cast.author.address)).toBe(authorBond);
    const who = f.accounts[2]!.address;
    const before = await f.balance(who);
    await f.mined(f.wallets[9]!.writeContract({ ...f.court, functionName: "withdrawContribution", args: [caseId, 0, who] }));
    expect(await f.balance(who)).toBe(before + 14n * F);
  });
});

describe("JuryCourt case: two claims through three rounds", () => {
  let caseId: bigint;
  const claims = [claim(101), claim(102)];

  it("rules per claim and pays per coherent (juror, claim) pair", async () => {
    ({ caseId } = await f.openCase(await f.publishCapsule(), claims));
    expect(await f.read<readonly Hex[]>("claimsOf", [caseId])).toEqual(claims);
    await f.drawNow(caseId);
    await f.untilPeriodEnds(caseId);
    await f.advancePeriod(caseId);
    const [a, b, c] = await jurorsOf(caseId, 0);
    await vote(caseId, 0, new Map([
      [a!, { findings: [2, 1], reveal: true }],
      [b!, { findings: [2, 1], reveal: true }],
      [c!, { findings: [1, 1], reveal: true }],
    ]));
    const before = await Promise.all([a!, b!, c!].map(balanceOf));
    const pool = await f.balance(f.addr("burnPool"));
    const receipt = await f.advancePeriod(caseId);
    expect(eventNamed(receipt, "RoundTallied")[0]!.args).toMatchObject({ findings: [2, 1], winner: SIDE.challenger });
    const unit = (3n * F) / 5n;
    expect(await Promise.all([a!, b!, c!].map(balanceOf))).toEqual([before[0]! + 2n * unit, before[1]! + 2n * unit, before[2]! + unit]);
    expect(await f.balance(f.addr("burnPool"))).toBe(pool + 3n * F - 5n * unit);
  });

  it("starts a round of 7 as soon as both sides are fully funded", async () => {
    await f.mined(fund(6, caseId, SIDE.outlet, 14n * F));
    const receipt = note("fundAppeal (completes both sides: new round)", await f.mined(fund(2, caseId, SIDE.challenger, 7n * F)));
    expect(eventNamed(receipt, "AppealRoundCreated")[0]!.args).toEqual({ caseId, round: 1, jurors: 7n, fee: 7n * F });
    expect(eventNamed(receipt, "PeriodChanged")[0]!.args).toMatchObject({ round: 1, period: PERIOD.Evidence });
    expect(await f.read<readonly [bigint, bigint, bigint, boolean]>("appealOf", [caseId, 0n])).toEqual([7n * F, 14n * F, 14n * F, true]);
    note("draw (7 jurors)", await f.drawNow(caseId));
    expect(new Set(await jurorsOf(caseId, 1)).size).toBe(7);
  });

  it("tallies round 2 with a juror who committed but did not reveal", async () => {
    await f.untilPeriodEnds(caseId);
    await f.advancePeriod(caseId);
    const jurors = await jurorsOf(caseId, 1);
    const votes = new Map(jurors.map((j, i) => [j, i < 4 ? { findings: [1, 1], reveal: true } : { findings: [2, 2], reveal: i < 6 }]));
    await vote(caseId, 1, votes);
    const receipt = await f.advancePeriod(caseId);
    expect(eventNamed(receipt, "RoundTallied")[0]!.args).toMatchObject({ round: 1, findings: [1, 1], winner: SIDE.outlet });
    const unit = (7n * F) / 8n;
    expect(eventNamed(receipt, "JurorRewarded").map((e) => [e.args.juror, e.args.amount])).toEqual(jurors.slice(0, 4).map((j) => [j, 2n * unit]));
    expect(eventNamed(receipt, "JurorSlashed").map((e) => e.args.juror)).toEqual([jurors[6]]);
    expect(await f.read<bigint>("appealCost", [caseId, SIDE.challenger])).toBe(30n * F);
    expect(await f.read<bigint>("appealCost", [caseId, SIDE.outlet])).toBe(15n * F);
  });

  it("starts the last round of 15, which goes straight to final: no fourth round", async () => {
    await f.mined(fund(2, caseId, SIDE.challenger, 10n * F));
    await f.mined(fund(8, caseId, SIDE.challenger, 20n * F));
    await f.mined(fund(6, caseId, SIDE.outlet, 15n * F));
    expect((await f.getCase(caseId)).round).toBe(2);
    note("draw (15 jurors)", await f.drawNow(caseId));
    await f.untilPeriodEnds(caseId);
    await f.advancePeriod(caseId);
    const jurors = await jurorsOf(caseId, 2);
    expect(new Set(jurors).size).toBe(15);
    expect(await f.read<boolean>("appealPossible", [caseId])).toBe(false);
    await vote(caseId, 2, new Map(jurors.slice(0, 3).map((j) => [j, { findings: [3, 2], reveal: true }])));

    const authorBond = await f.bondOf(f.cast.author.address);
    const refundBefore = await balanceOf(f.cast.challenger.address);
    const receipt = note("advancePeriod (reveal → final, tally of 15, 12 slashed, refund)", await f.advancePeriod(caseId));
    expect(eventNamed(receipt, "JurorSlashed")).toHaveLength(12);
    expect(eventNamed(receipt, "PeriodChanged").map((e) => e.args.period)).toEqual([PERIOD.Final]);
    expect(eventNamed(receipt, "CaseFinal")[0]!.args).toEqual({ caseId, round: 2, findings: [3, 2], articleFinding: 3, winner: SIDE.challenger, byDefault: false });
    // The challenger prevailed: their opening fee comes back out of the author's bond.
    expect(eventNamed(receipt, "ChallengerRefunded")[0]!.args).toEqual({ caseId, challenger: f.cast.challenger.address, amount: 3n * F });
    expect(f.roleEvents(receipt).filter((e) => e.eventName === "BondSeized").map((e) => e.args)).toEqual([
      { wallet: f.cast.author.address, to: f.courtAddress, amount: 3n * F },
    ]);
    expect(await f.bondOf(f.cast.author.address)).toBe(authorBond - 3n * F);
    expect(await balanceOf(f.cast.challenger.address)).toBe(refundBefore + 3n * F);
    const unit = (15n * F) / 6n;
    expect(eventNamed(receipt, "JurorRewarded").map((e) => e.args.amount)).toEqual([2n * unit, 2n * unit, 2n * unit]);
  });

  it("pays each appeal's surplus to the contributors of the side that finally prevailed, pro rata", async () => {
    const take = async (round: number, who: Address) => {
      const before = await f.balance(who);
      await f.mined(f.wallets[9]!.writeContract({ ...f.court, functionName: "withdrawContribution", args: [caseId, round, who] }));
      return (await f.balance(who)) - before;
    };
    // Round 0's appeal raised 21F for a 7F round; the challenger's side (7F, one contributor) takes the 14F.
    expect(await take(0, f.accounts[2]!.address)).toBe(14n * F);
    // Round 1's appeal raised 45F for a 15F round: 30F to the challenger's side, split 10:20.
    expect(await take(1, f.accounts[2]!.address)).toBe(10n * F);
    expect(await take(1, f.accounts[8]!.address)).toBe(20n * F);
    // The outlet's side funded both appeals and lost: nothing back.
    for (const round of [0, 1]) {
      expect(await revertName(f.wallets[9]!.writeContract({ ...f.court, functionName: "withdrawContribution", args: [caseId, round, f.accounts[6]!.address] }))).toBe(
        "NothingToWithdraw",
      );
    }
  });
});

describe("JuryCourt case: the losing side funds only in the first half of the appeal period", () => {
  it("refuses the loser's funding from half-way on, so it cannot win by default in the last block; the winner may still answer", async () => {
    const caseId = await inAppealNobodyRevealed();
    // nobody revealed: round 0 rules unresolved and the outlet wins it; the challenger is the losing side
    const { periodStart, winner } = await f.getCase(caseId);
    expect(winner).toBe(SIDE.outlet);
    const half = periodStart + PERIODS.appeal / 2n;
    expect(await f.read<bigint>("appealFundingEndsAt", [caseId, SIDE.challenger])).toBe(half);
    expect(await f.read<bigint>("appealFundingEndsAt", [caseId, SIDE.outlet])).toBe(await f.read<bigint>("periodEndsAt", [caseId]));
    expect(await revertName(f.read("appealFundingEndsAt", [caseId, 3]))).toBe("InvalidSide");

    await f.advance(Number(half - (await f.latestTimestamp())));
    expect(await revertName(fund(2, caseId, SIDE.challenger, 14n * F))).toBe("LoserFundingClosed");
    await f.untilPeriodEnds(caseId);
    expect(await revertName(fund(2, caseId, SIDE.challenger, 14n * F))).toBe("PeriodOver");
    const receipt = await f.advancePeriod(caseId);
    expect(eventNamed(receipt, "CaseFinal")[0]!.args).toMatchObject({ findings: [4], winner: SIDE.outlet, byDefault: false });
    expect(await f.read<bigint>("appealFundingEndsAt", [caseId, SIDE.challenger])).toBe(0n);
  });

  it("lets the winning side fund in the second half, after the loser funded in the first: both funded, a new round", async () => {
    const caseId = await inAppealNobodyRevealed();
    await f.mined(fund(2, caseId, SIDE.challenger, 14n * F));
    const { periodStart } = await f.getCase(caseId);
    await f.advance(Number(periodStart + PERIODS.appeal / 2n - (await f.latestTimestamp())) + 60);
    const receipt = await f.mined(fund(3, caseId, SIDE.outlet, 7n * F));
    expect(eventNamed(receipt, "AppealRoundCreated")[0]!.args).toMatchObject({ caseId, round: 1, jurors: 7n });
  });
});
