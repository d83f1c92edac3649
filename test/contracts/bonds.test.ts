import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEventLog, parseEther, type Address } from "viem";
import { burnPoolAbi, integrityCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { outletKey } from "@/lib/chain/vouchers";
import { BURN_INTERVAL, revertName, startContractsFixture, type Fixture } from "./fixture";

// Role bonds, voter eligibility, the burn pool schedule and the court's penalty path.
let f: Fixture;
beforeAll(async () => {
  f = await startContractsFixture();
});
afterAll(async () => {
  await f?.stop();
});

const DEAD: Address = "0x000000000000000000000000000000000000dEaD";
const registry = () => ({ address: f.addr("roleRegistry"), abi: roleRegistryAbi });
const read = <T>(functionName: string, args: readonly unknown[]) =>
  f.publicClient.readContract({ ...registry(), functionName, args } as never) as Promise<T>;

describe("RoleRegistry bonds", () => {
  it("deposits and withdraws a bond, emitting the totals", async () => {
    const wallet = f.wallets[1]!;
    const who = f.accounts[1]!.address;
    const receipt = await f.mined(wallet.writeContract({ ...registry(), functionName: "deposit", value: parseEther("5") }));
    const deposited = decodeEventLog({ abi: roleRegistryAbi, ...receipt.logs[0]! });
    expect(deposited.eventName).toBe("BondDeposited");
    expect(deposited.args).toEqual({ wallet: who, amount: parseEther("5"), total: parseEther("5") });
    await f.mined(wallet.writeContract({ ...registry(), functionName: "deposit", value: parseEther("2") }));
    expect(await read<bigint>("bondOf", [who])).toBe(parseEther("7"));

    const before = await f.publicClient.getBalance({ address: who });
    const out = await f.mined(wallet.writeContract({ ...registry(), functionName: "withdraw", args: [parseEther("3")] }));
    const withdrawn = decodeEventLog({ abi: roleRegistryAbi, ...out.logs[0]! });
    expect(withdrawn.eventName).toBe("BondWithdrawn");
    expect(withdrawn.args).toEqual({ wallet: who, amount: parseEther("3"), total: parseEther("4") });
    expect(await read<bigint>("bondOf", [who])).toBe(parseEther("4"));
    const after = await f.publicClient.getBalance({ address: who });
    expect(after - before).toBe(parseEther("3") - out.gasUsed * out.effectiveGasPrice);
  });

  it("refuses an empty deposit and a withdrawal beyond the bond", async () => {
    expect(await revertName(f.wallets[2]!.writeContract({ ...registry(), functionName: "deposit", value: 0n }))).toBe("ZeroAmount");
    expect(await revertName(f.wallets[2]!.writeContract({ ...registry(), functionName: "withdraw", args: [1n] }))).toBe(
      "InsufficientUnlockedBond",
    );
  });

  it("keeps the locked part of a bond until the operator lowers the lock", async () => {
    const wallet = f.wallets[3]!;
    const who = f.accounts[3]!.address;
    await f.mined(wallet.writeContract({ ...registry(), functionName: "deposit", value: parseEther("10") }));
    const lock = await f.mined(f.wallets[0]!.writeContract({ ...registry(), functionName: "setLocked", args: [who, parseEther("8")] }));
    expect(decodeEventLog({ abi: roleRegistryAbi, ...lock.logs[0]! })).toMatchObject({
      eventName: "BondLocked",
      args: { wallet: who, amount: parseEther("8") },
    });
    expect(await read<bigint>("lockedOf", [who])).toBe(parseEther("8"));

    expect(await revertName(wallet.writeContract({ ...registry(), functionName: "withdraw", args: [parseEther("3")] }))).toBe(
      "InsufficientUnlockedBond",
    );
    await f.mined(wallet.writeContract({ ...registry(), functionName: "withdraw", args: [parseEther("2")] }));
    expect(await read<bigint>("bondOf", [who])).toBe(parseEther("8"));

    await f.mined(f.wallets[0]!.writeContract({ ...registry(), functionName: "setLocked", args: [who, 0n] }));
    await f.mined(wallet.writeContract({ ...registry(), functionName: "withdraw", args: [parseEther("8")] }));
    expect(await read<bigint>("bondOf", [who])).toBe(0n);
  });

  it("lets only the operator lock bonds, set voters, set the court or hand over", async () => {
    const stranger = f.wallets[4]!;
    const who = f.accounts[4]!.address;
    expect(await revertName(stranger.writeContract({ ...registry(), functionName: "setLocked", args: [who, 1n] }))).toBe("NotOperator");
    expect(
      await revertName(stranger.writeContract({ ...registry(), functionName: "setVoter", args: [outletKey("x"), who, true] })),
    ).toBe("NotOperator");
    expect(await revertName(stranger.writeContract({ ...registry(), functionName: "setOperator", args: [who] }))).toBe("NotOperator");
    expect(await revertName(f.wallets[0]!.writeContract({ ...registry(), functionName: "setCourt", args: [who] }))).toBe(
      "CourtAlreadySet",
    );
    expect(await revertName(stranger.writeContract({ ...registry(), functionName: "slash", args: [who, 1n] }))).toBe("NotCourt");
  });

  it("records voters per outlet key", async () => {
    const who = f.accounts[5]!.address;
    const key = outletKey("daily-ledger");
    expect(await read<boolean>("isVoter", [key, who])).toBe(false);
    const receipt = await f.mined(f.wallets[0]!.writeContract({ ...registry(), functionName: "setVoter", args: [key, who, true] }));
    expect(decodeEventLog({ abi: roleRegistryAbi, ...receipt.logs[0]! })).toMatchObject({
      eventName: "VoterSet",
      args: { outletKey: key, wallet: who, allowed: true },
    });
    expect(await read<boolean>("isVoter", [key, who])).toBe(true);
    expect(await read<boolean>("isVoter", [outletKey("other-outlet"), who])).toBe(false);
    await f.mined(f.wallets[0]!.writeContract({ ...registry(), functionName: "setVoter", args: [key, who, false] }));
    expect(await read<boolean>("isVoter", [key, who])).toBe(false);
  });
});

describe("IntegrityCourt penalty path", () => {
  it("slashes the outlet wallet's bond into the burn pool and logs PenaltyApplied", async () => {
    const court = { address: f.addr("integrityCourt"), abi: integrityCourtAbi };
    const outletWallet = f.accounts[6]!.address;
    await f.mined(f.wallets[6]!.writeContract({ ...registry(), functionName: "deposit", value: parseEther("20") }));
    const poolBefore = await f.publicClient.getBalance({ address: f.addr("burnPool") });

    const receipt = await f.mined(
      f.wallets[0]!.writeContract({ ...court, functionName: "applyPenalty", args: ["daily-ledger", outletWallet, 42n, "fraudulent", parseEther("5")] }),
    );
    const penalty = receipt.logs
      .filter((log) => log.address.toLowerCase() === f.addr("integrityCourt").toLowerCase())
      .map((log) => decodeEventLog({ abi: integrityCourtAbi, ...log }))
      .find((e) => e.eventName === "PenaltyApplied");
    expect(penalty?.args).toEqual({ caseId: 42n, outletSlug: "daily-ledger", outletWallet, verdict: "fraudulent", amount: parseEther("5") });
    const slashed = receipt.logs
      .filter((log) => log.address.toLowerCase() === f.addr("roleRegistry").toLowerCase())
      .map((log) => decodeEventLog({ abi: roleRegistryAbi, ...log }));
    expect(slashed).toMatchObject([{ eventName: "BondSlashed", args: { wallet: outletWallet, amount: parseEther("5") } }]);

    expect(await read<bigint>("bondOf", [outletWallet])).toBe(parseEther("15"));
    expect(await f.publicClient.getBalance({ address: f.addr("burnPool") })).toBe(poolBefore + parseEther("5"));

    // The same case cannot be penalised twice; a penalty above the bond takes only the bond.
    expect(
      await revertName(
        f.wallets[0]!.writeContract({ ...court, functionName: "applyPenalty", args: ["daily-ledger", outletWallet, 42n, "fraudulent", 1n] }),
      ),
    ).toBe("PenaltyAlreadyApplied");
    const capped = await f.mined(
      f.wallets[0]!.writeContract({ ...court, functionName: "applyPenalty", args: ["daily-ledger", outletWallet, 43n, "misleading", parseEther("100")] }),
    );
    const cappedEvent = capped.logs
      .filter((log) => log.address.toLowerCase() === f.addr("integrityCourt").toLowerCase())
      .map((log) => decodeEventLog({ abi: integrityCourtAbi, ...log }))
      .find((e) => e.eventName === "PenaltyApplied");
    expect(cappedEvent?.args.amount).toBe(parseEther("15"));
    expect(await read<bigint>("bondOf", [outletWallet])).toBe(0n);
  });

  it("refuses penalties from anyone but the operator", async () => {
    const court = { address: f.addr("integrityCourt"), abi: integrityCourtAbi };
    expect(
      await revertName(
        f.wallets[7]!.writeContract({ ...court, functionName: "applyPenalty", args: ["daily-ledger", f.accounts[6]!.address, 99n, "fraudulent", 1n] }),
      ),
    ).toBe("NotOperator");
  });
});

describe("BurnPool schedule", () => {
  const pool = () => ({ address: f.addr("burnPool"), abi: burnPoolAbi });
  const view = (functionName: "poolSize" | "nextBurnAt" | "lastBurnAmount" | "totalBurned" | "burnInterval") =>
    f.publicClient.readContract({ ...pool(), functionName });

  it("refuses to burn early, then burns the whole balance and advances the schedule", async () => {
    expect(await view("burnInterval")).toBe(BigInt(BURN_INTERVAL));
    await f.mined(f.wallets[8]!.sendTransaction({ to: f.addr("burnPool"), value: parseEther("1") }));
    const size = await view("poolSize");
    expect(size).toBe(await f.publicClient.getBalance({ address: f.addr("burnPool") }));
    expect(size).toBeGreaterThanOrEqual(parseEther("1"));

    expect(await revertName(f.wallets[8]!.writeContract({ ...pool(), functionName: "burn" }))).toBe("BurnNotDue");

    const nextBurnAt = await view("nextBurnAt");
    await f.advance(Number(nextBurnAt - (await f.latestTimestamp())));
    const deadBefore = await f.publicClient.getBalance({ address: DEAD });
    const receipt = await f.mined(f.wallets[8]!.writeContract({ ...pool(), functionName: "burn" }));
    const block = await f.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const burned = receipt.logs.map((log) => decodeEventLog({ abi: burnPoolAbi, ...log })).find((e) => e.eventName === "Burned");
    expect(burned?.args).toEqual({ amount: size, at: block.timestamp, nextBurnAt: block.timestamp + BigInt(BURN_INTERVAL) });

    expect(await view("poolSize")).toBe(0n);
    expect(await view("lastBurnAmount")).toBe(size);
    expect(await view("totalBurned")).toBe(size);
    expect(await view("nextBurnAt")).toBe(block.timestamp + BigInt(BURN_INTERVAL));
    expect((await f.publicClient.getBalance({ address: DEAD })) - deadBefore).toBe(size);

    // Straight after a burn the next one is a full interval away.
    expect(await revertName(f.wallets[8]!.writeContract({ ...pool(), functionName: "burn" }))).toBe("BurnNotDue");
  });
});
