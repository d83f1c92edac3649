import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeAbiParameters, keccak256, parseEther, toFunctionSelector, toHex, type Address, type Hex } from "viem";
import { outletKey } from "@/lib/chain/vouchers";
import { revertName } from "./fixture";
import { DRAW_DELAY, OUTLET, PERIOD, jurorBond, startJuryFixture, type JuryFixture } from "./jury-fixture";

// Who can be drawn (exclusions at the case's snapshot), in what proportions, and where the seed comes from.
const JURORS = 16;
let f: JuryFixture;
let capsuleId: bigint;
let caseId: bigint;

beforeAll(async () => {
  f = await startJuryFixture({ jurors: JURORS, feePerJuror: parseEther("1") });
  capsuleId = await f.publishCapsule();
  ({ caseId } = await f.openCase(capsuleId));
  // After the snapshot: a new bonded Editor, and a juror who multiplies their bond. Neither changes the case's pool.
  await f.deposit(f.cast.lateEditor.address, parseEther("500"));
  await f.setVoter("other-outlet", f.cast.lateEditor.address, true);
  await f.deposit(f.jurorAccounts[0]!.address, parseEther("10000"));
}, 240_000);
afterAll(async () => {
  await f?.stop();
});

const seedOf = (i: number): Hex => keccak256(toHex(`draw seed ${i}`));
const sample = (seed: Hex, count: number) => f.read<readonly Address[]>("sampleJurors", [caseId, seed, BigInt(count)]);

describe("JuryCourt juror pool", () => {
  it("holds the bonded Editors of other outlets at the snapshot, without the outlet's people, the author or the challenger", async () => {
    const c = await f.getCase(caseId);
    expect(c.period).toBe(PERIOD.Evidence);
    expect(c.poolSize).toBe(JURORS);
    expect(c.author).toBe(f.cast.author.address);
    expect(c.challenger).toBe(f.cast.challenger.address);

    // The registry leaves out the outlet's Editor and Reporter, the unbonded Editor, the bonded non-Editor and
    // the former Editor; the court then leaves out the author and the challenger.
    const [wallets, weights] = await f.publicClient.readContract({ ...f.roles, functionName: "jurorPoolAt", args: [outletKey(OUTLET), c.snapshotBlock] });
    const expected = [...f.jurorAccounts.map((a) => a.address), f.cast.author.address, f.cast.challenger.address];
    expect([...wallets].sort()).toEqual([...expected].sort());
    expect(weights[wallets.indexOf(f.jurorAccounts[0]!.address)]).toBe(jurorBond(0));

    const everyone = await sample(seedOf(0), JURORS);
    expect([...everyone].sort()).toEqual(f.jurorAccounts.map((a) => a.address).sort());
    for (const excluded of Object.values(f.cast)) expect(everyone).not.toContain(excluded.address);
    expect(await revertName(sample(seedOf(0), JURORS + 1))).toBe("NotEnoughJurors");
  });

  it("never draws a wallet twice in a round", async () => {
    for (let i = 0; i < 40; i++) {
      const picked = await sample(seedOf(1000 + i), 15);
      expect(new Set(picked).size).toBe(15);
    }
  });

  it("draws in proportion to bond at the snapshot over many draws", async () => {
    const draws = 4000;
    const counts = new Map<Address, number>();
    for (let start = 0; start < draws; start += 100) {
      const batch = await Promise.all(Array.from({ length: 100 }, (_, k) => sample(seedOf(start + k), 1)));
      for (const [juror] of batch) counts.set(juror!, (counts.get(juror!) ?? 0) + 1);
    }
    const total = f.jurorAccounts.reduce((sum, _a, i) => sum + jurorBond(i), 0n);
    let chiSquare = 0;
    for (const [i, account] of f.jurorAccounts.entries()) {
      const p = Number((jurorBond(i) * 1_000_000n) / total) / 1_000_000;
      const expected = draws * p;
      const seen = counts.get(account.address) ?? 0;
      chiSquare += (seen - expected) ** 2 / expected;
      // Within four standard deviations of the binomial count.
      expect(Math.abs(seen - expected)).toBeLessThan(4 * Math.sqrt(expected * (1 - p)) + 1);
    }
    // 15 degrees of freedom: 37.7 is the 0.1 % critical value.
    expect(chiSquare).toBeLessThan(37.7);
    // Juror 0's deposit after the snapshot does not count: still about 1/136 of the draws, not most of them.
    expect(counts.get(f.jurorAccounts[0]!.address) ?? 0).toBeLessThan(draws / 40);
  }, 120_000);
});

describe("JuryCourt draw", () => {
  it("waits for the scheduled block, then draws from its hash; once per round", async () => {
    const c = await f.getCase(caseId);
    const current = await f.publicClient.getBlockNumber({ cacheTime: 0 });
    if (current < c.drawBlock) {
      expect(await revertName(f.wallets[9]!.writeContract({ ...f.court, functionName: "draw", args: [caseId] }))).toBe("DrawNotReady");
    }
    const receipt = await f.drawNow(caseId);
    const drawn = f.events(receipt).find((e) => e.eventName === "Draw");
    if (drawn?.eventName !== "Draw") throw new Error("no Draw event");
    const block = await f.publicClient.getBlock({ blockNumber: c.drawBlock });
    const seed = keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }, { type: "uint8" }], [block.hash, caseId, 0]));
    expect(drawn.args.seed).toBe(seed);
    expect(drawn.args.jurors).toEqual(await sample(seed, 3));
    expect(new Set(drawn.args.jurors).size).toBe(3);

    const round = await f.roundOf(caseId, 0);
    expect(round.jurors).toEqual(drawn.args.jurors);
    for (const juror of round.jurors) {
      const [isDrawn] = await f.read<readonly [boolean, boolean, boolean, readonly number[]]>("voteOf", [caseId, 0n, juror]);
      expect(isDrawn).toBe(true);
    }
    expect(await revertName(f.wallets[9]!.writeContract({ ...f.court, functionName: "draw", args: [caseId] }))).toBe("AlreadyDrawn");
  });

  it("gets a fresh random prevrandao (mixHash) in every anvil block, which the block hash commits to", async () => {
    await f.testClient.mine({ blocks: 2 });
    const latest = await f.publicClient.getBlock({ blockTag: "latest" });
    const previous = await f.publicClient.getBlock({ blockNumber: latest.number - 1n });
    expect(latest.mixHash).not.toBe(previous.mixHash);
    expect(latest.mixHash).not.toBe(`0x${"0".repeat(64)}`);
  });

  it("schedules the draw again when the scheduled block's hash has expired (older than 256 blocks)", async () => {
    const second = await f.publishCapsule();
    const { caseId: other } = await f.openCase(second);
    const before = await f.getCase(other);
    await f.testClient.mine({ blocks: 300 });
    const receipt = await f.mined(f.wallets[9]!.writeContract({ ...f.court, functionName: "draw", args: [other] }));
    const events = f.events(receipt);
    expect(events.map((e) => e.eventName)).toEqual(["DrawScheduled"]);
    const after = await f.getCase(other);
    expect(after.drawBlock).toBe(receipt.blockNumber + DRAW_DELAY);
    expect(after.drawBlock).toBeGreaterThan(before.drawBlock);
    expect((await f.roundOf(other, 0)).jurors).toEqual([]);

    // Advancing out of evidence draws when nobody did: the jurors are there before the commit period opens.
    await f.untilPeriodEnds(other);
    await f.testClient.mine({ blocks: Number(DRAW_DELAY) });
    const advanced = await f.advancePeriod(other);
    expect(f.events(advanced).map((e) => e.eventName)).toEqual(["Draw", "PeriodChanged"]);
    expect((await f.getCase(other)).period).toBe(PERIOD.Commit);
    expect((await f.roundOf(other, 0)).jurors).toHaveLength(3);
  });

  it("refuses a second case on a capsule while one runs", async () => {
    expect(await revertName(f.openCase(capsuleId))).toBe("CaseAlreadyOpen");
  });
});

describe("RoleRegistry hooks for the jury court", () => {
  it("records memberships per block, and lets only the operator set them or the jury court", async () => {
    const who = f.cast.bondedNonEditor.address;
    const key = outletKey("member-outlet");
    const stranger = f.wallets[6]!;
    expect(await revertName(stranger.writeContract({ ...f.roles, functionName: "setMember", args: [key, who, true] }))).toBe("NotOperator");
    expect(await revertName(f.wallets[0]!.writeContract({ ...f.roles, functionName: "setJuryCourt", args: [who] }))).toBe("JuryCourtAlreadySet");
    const before = await f.publicClient.getBlockNumber({ cacheTime: 0 });
    const receipt = await f.mined(f.wallets[0]!.writeContract({ ...f.roles, functionName: "setMember", args: [key, who, true] }));
    expect(f.roleEvents(receipt).map((e) => e.eventName)).toEqual(["MemberSet"]);
    await f.mined(f.wallets[0]!.writeContract({ ...f.roles, functionName: "setMember", args: [key, who, false] }));
    const read = (blockNumber: bigint) => f.publicClient.readContract({ ...f.roles, functionName: "isMemberAt", args: [key, who, blockNumber] });
    expect([await read(before), await read(receipt.blockNumber), await read(receipt.blockNumber + 1n)]).toEqual([false, true, false]);
    expect(await f.publicClient.readContract({ ...f.roles, functionName: "isMember", args: [key, who] })).toBe(false);
  });

  it("lets only the jury court seize a bond", async () => {
    expect(await revertName(f.wallets[0]!.writeContract({ ...f.roles, functionName: "seize", args: [f.cast.author.address, 1n] }))).toBe("NotJuryCourt");
    expect(await revertName(f.wallets[6]!.writeContract({ ...f.roles, functionName: "slash", args: [f.cast.author.address, 1n] }))).toBe("NotCourt");
  });

  it("refuses payments to the court from anyone but the role registry", async () => {
    // A plain transfer has no ABI to decode the revert with: compare the error's selector.
    await expect(f.wallets[6]!.sendTransaction({ to: f.courtAddress, value: 1n })).rejects.toThrow(toFunctionSelector("UnexpectedPayment()"));
  });
});
