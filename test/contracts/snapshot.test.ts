import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEventLog, parseEther, type Address } from "viem";
import { capsuleAcceptanceAbi, integrityCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { outletKey, type SubmitVoucher } from "@/lib/chain/vouchers";
import { tally } from "@/features/capsules/tally";
import { revertName, startContractsFixture, type Fixture } from "./fixture";

// The electorate of a capsule is frozen at the block before its window opened: RoleRegistry's
// checkpoints of bonds, voter flags and outlet weight, read by CapsuleAcceptance at that block.
let f: Fixture;
const SLUG = "snapshot-desk";
const KEY = outletKey(SLUG);
const A = 2; // voter, 10 bonded; raises the bond after opening
const B = 3; // voter, 20 bonded; loses the voter flag after opening
const C = 4; // 15 bonded, becomes a voter only after opening
const bonds = { [A]: parseEther("10"), [B]: parseEther("20"), [C]: parseEther("15") } as Record<number, bigint>;
let first: SubmitVoucher;
let snapshotBlock: bigint;

const roles = () => ({ address: f.addr("roleRegistry") as Address, abi: roleRegistryAbi });
const acceptance = () => ({ address: f.addr("capsuleAcceptance") as Address, abi: capsuleAcceptanceAbi });
const who = (i: number) => f.accounts[i]!.address;
const setVoter = (i: number, allowed: boolean) => f.mined(f.wallets[0]!.writeContract({ ...roles(), functionName: "setVoter", args: [KEY, who(i), allowed] }));
const deposit = (i: number, value: bigint) => f.mined(f.wallets[i]!.writeContract({ ...roles(), functionName: "deposit", value }));
const vote = (i: number, id: bigint, support: boolean) => f.wallets[i]!.writeContract({ ...acceptance(), functionName: "castVote", args: [id, support] });
const readTally = (id: bigint) => f.publicClient.readContract({ ...acceptance(), functionName: "tally", args: [id] });
const outletWeight = () => f.publicClient.readContract({ ...roles(), functionName: "outletWeight", args: [KEY] });

beforeAll(async () => {
  f = await startContractsFixture();
  for (const i of [A, B, C]) await deposit(i, bonds[i]!);
  await setVoter(A, true);
  await setVoter(B, true);
});
afterAll(async () => {
  await f?.stop();
});

describe("voting snapshot", () => {
  it("keeps the outlet's weight as the sum of its current voters' bonds", async () => {
    expect(await outletWeight()).toBe(bonds[A]! + bonds[B]!);
  });

  it("records the block before opening and the outlet's weight there as the eligible weight", async () => {
    first = await f.voucher(who(1), { outletSlug: SLUG, eligibleWeight: parseEther("999") });
    const receipt = await f.mined(f.submit(1, first));
    const opened = receipt.logs
      .filter((log) => log.address.toLowerCase() === f.addr("capsuleAcceptance").toLowerCase())
      .map((log) => decodeEventLog({ abi: capsuleAcceptanceAbi, ...log }));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.eventName).toBe("VotingOpened");
    snapshotBlock = receipt.blockNumber - 1n;
    expect(opened[0]!.args).toMatchObject({ capsuleId: first.capsuleId, outletKey: KEY, eligibleWeight: bonds[A]! + bonds[B]!, snapshotBlock });
    const [yes, no, eligible, , , , , snapshot] = await readTally(first.capsuleId);
    expect([yes, no, eligible, snapshot]).toEqual([0n, 0n, bonds[A]! + bonds[B]!, snapshotBlock]);
  });

  it("does not move the snapshot when bonds and voters change after opening", async () => {
    await deposit(A, parseEther("50"));
    await setVoter(C, true);
    await setVoter(B, false);
    expect(await outletWeight()).toBe(bonds[A]! + parseEther("50") + bonds[C]!);
    const at = (functionName: "bondAt", i: number) => f.publicClient.readContract({ ...roles(), functionName, args: [who(i), snapshotBlock] });
    const voterAt = (i: number) => f.publicClient.readContract({ ...roles(), functionName: "isVoterAt", args: [KEY, who(i), snapshotBlock] });
    expect(await at("bondAt", A)).toBe(bonds[A]);
    expect([await voterAt(A), await voterAt(B), await voterAt(C)]).toEqual([true, true, false]);
    expect(await f.publicClient.readContract({ ...roles(), functionName: "outletWeightAt", args: [KEY, snapshotBlock] })).toBe(bonds[A]! + bonds[B]!);
    expect((await readTally(first.capsuleId))[2]).toBe(bonds[A]! + bonds[B]!);
  });

  it("refuses a voter added after opening (NotEligible)", async () => {
    expect(await revertName(vote(C, first.capsuleId, true))).toBe("NotEligible");
  });

  it("weighs a voter by the bond at the snapshot, not the bond raised since", async () => {
    const receipt = await f.mined(vote(A, first.capsuleId, true));
    const [cast] = receipt.logs.map((log) => decodeEventLog({ abi: capsuleAcceptanceAbi, ...log }));
    expect(cast).toMatchObject({ eventName: "VoteCast", args: { voter: who(A), weight: bonds[A] } });
  });

  it("lets a voter of the snapshot vote after losing the flag; with everyone voting participation is exactly 100.00", async () => {
    await f.mined(vote(B, first.capsuleId, false));
    const [yes, no, eligible] = await readTally(first.capsuleId);
    expect([yes, no]).toEqual([bonds[A], bonds[B]]);
    expect(yes + no).toBe(eligible);
    expect(tally({ yes, no, eligibleWeight: eligible }).weightedParticipation).toBe("100.00");
  });

  it("follows withdrawals and slashes, and a capsule opened later snapshots the new electorate", async () => {
    await f.mined(f.wallets[A]!.writeContract({ ...roles(), functionName: "withdraw", args: [parseEther("5")] }));
    const weight = bonds[A]! + parseEther("45") + bonds[C]!;
    expect(await outletWeight()).toBe(weight);
    const second = await f.voucher(who(1), { outletSlug: SLUG });
    await f.mined(f.submit(1, second));
    expect((await readTally(second.capsuleId))[2]).toBe(weight);
    expect(await revertName(vote(B, second.capsuleId, true))).toBe("NotEligible");
    // a court penalty after opening lowers the live weight, not C's weight in this vote
    await f.mined(f.wallets[0]!.writeContract({ address: f.addr("integrityCourt") as Address, abi: integrityCourtAbi, functionName: "applyPenalty", args: [SLUG, who(C), 7n, "fraudulent", parseEther("5")] }));
    expect(await outletWeight()).toBe(weight - parseEther("5"));
    await f.mined(vote(A, second.capsuleId, true));
    const receipt = await f.mined(vote(C, second.capsuleId, false));
    expect(decodeEventLog({ abi: capsuleAcceptanceAbi, ...receipt.logs[0]! })).toMatchObject({ args: { voter: who(C), weight: bonds[C] } });
    const [yes, no, eligible] = await readTally(second.capsuleId);
    expect(tally({ yes, no, eligibleWeight: eligible }).weightedParticipation).toBe("100.00");
  });
});
