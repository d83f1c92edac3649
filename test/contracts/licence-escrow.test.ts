import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEventLog, parseEther, type Address, type TransactionReceipt } from "viem";
import { licenceEscrowAbi } from "@/lib/chain/abi";
import { LICENCE_RECLAIM_AFTER_SECONDS } from "@/lib/chain/deploy";
import { revertName, startContractsFixture, type Fixture } from "./fixture";

// LicenceEscrow (issue 29 item 5): a licence payment is held until the operator releases it (payee
// and contributors by shareBps, exact to the wei) or refunds it (lost race, refused); the buyer may
// reclaim an unsettled payment after the reclaim delay.
let f: Fixture;
beforeAll(async () => {
  f = await startContractsFixture();
});
afterAll(async () => {
  await f?.stop();
});

const escrow = () => ({ address: f.addr("licenceEscrow"), abi: licenceEscrowAbi });
const BUYER = 5;
const balance = (address: Address) => f.publicClient.getBalance({ address });
const gasOf = (receipt: TransactionReceipt) => receipt.gasUsed * receipt.effectiveGasPrice;
const events = (receipt: TransactionReceipt) =>
  receipt.logs.filter((log) => log.address.toLowerCase() === f.addr("licenceEscrow").toLowerCase()).map((log) => decodeEventLog({ abi: licenceEscrowAbi, ...log }));

async function deposit(listingId: bigint, payee: Address, value: bigint, buyer = BUYER) {
  const receipt = await f.mined(f.wallets[buyer]!.writeContract({ ...escrow(), functionName: "deposit", args: [listingId, payee], value }));
  const deposited = events(receipt).find((e) => e.eventName === "Deposited");
  if (!deposited || deposited.eventName !== "Deposited") throw new Error("no Deposited event");
  return { receipt, paymentId: deposited.args.paymentId };
}

describe("LicenceEscrow", () => {
  it("holds a deposit and records who paid what for which listing", async () => {
    const payee = f.accounts[6]!.address;
    const before = await balance(f.addr("licenceEscrow"));
    const { receipt, paymentId } = await deposit(7n, payee, parseEther("3"));
    expect(events(receipt)[0]).toMatchObject({ eventName: "Deposited", args: { paymentId, listingId: 7n, buyer: f.accounts[BUYER]!.address, payee, amount: parseEther("3") } });
    expect((await balance(f.addr("licenceEscrow"))) - before).toBe(parseEther("3"));
    const stored = await f.publicClient.readContract({ ...escrow(), functionName: "payments", args: [paymentId] });
    expect(stored[0]).toBe(f.accounts[BUYER]!.address);
    expect(stored[3]).toBe(parseEther("3"));
    expect(stored[5]).toBe(1); // Held
  });

  it("refuses an empty deposit and a zero payee", async () => {
    expect(await revertName(f.wallets[BUYER]!.writeContract({ ...escrow(), functionName: "deposit", args: [1n, f.accounts[6]!.address], value: 0n }))).toBe("ZeroAmount");
    expect(await revertName(f.wallets[BUYER]!.writeContract({ ...escrow(), functionName: "deposit", args: [1n, "0x0000000000000000000000000000000000000000"], value: 1n }))).toBe("ZeroAddress");
  });

  it("releases to the payee and splits the rest among contributors by shareBps, exact to the wei", async () => {
    const payee = f.accounts[6]!.address;
    const [c1, c2, c3] = [f.accounts[7]!.address, f.accounts[8]!.address, f.accounts[9]!.address];
    // an amount that does not divide evenly: the rounding remainder goes to the payee
    const amount = parseEther("1") + 7n;
    const { paymentId } = await deposit(11n, payee, amount);
    const before = await Promise.all([payee, c1, c2, c3].map(balance));
    const shares = [5000, 3333, 1667];
    const payeeBps = 4000;
    const receipt = await f.mined(f.wallets[0]!.writeContract({ ...escrow(), functionName: "release", args: [paymentId, payeeBps, [c1, c2, c3], shares] }));
    const after = await Promise.all([payee, c1, c2, c3].map(balance));

    const pool = (amount * BigInt(10_000 - payeeBps)) / 10_000n;
    const parts = shares.map((s) => (pool * BigInt(s)) / 10_000n);
    const payeePart = amount - parts.reduce((a, b) => a + b, 0n);
    expect(after[0]! - before[0]!).toBe(payeePart);
    expect(after[1]! - before[1]!).toBe(parts[0]);
    expect(after[2]! - before[2]!).toBe(parts[1]);
    expect(after[3]! - before[3]!).toBe(parts[2]);
    expect(payeePart + parts.reduce((a, b) => a + b, 0n)).toBe(amount);
    // worked by hand: pool = (10^18 + 7) × 6000 / 10 000 = 600000000000000004 (floor)
    expect(parts).toEqual([300000000000000002n, 199980000000000001n, 100020000000000000n]);
    expect(payeePart).toBe(400000000000000004n);

    const paid = events(receipt).filter((e) => e.eventName === "Paid");
    expect(paid.map((e) => e.args)).toEqual([
      { paymentId, to: c1, amount: parts[0], share: 5000, credited: false },
      { paymentId, to: c2, amount: parts[1], share: 3333, credited: false },
      { paymentId, to: c3, amount: parts[2], share: 1667, credited: false },
      { paymentId, to: payee, amount: payeePart, share: 0, credited: false },
    ]);
    expect(events(receipt).at(-1)).toMatchObject({ eventName: "Released", args: { paymentId, listingId: 11n, amount, payeeBps } });
    // settled once: a second release or a refund is refused
    expect(await revertName(f.wallets[0]!.writeContract({ ...escrow(), functionName: "release", args: [paymentId, payeeBps, [c1], [10_000]] }))).toBe("NotHeld");
    expect(await revertName(f.wallets[0]!.writeContract({ ...escrow(), functionName: "refund", args: [paymentId, 0] }))).toBe("NotHeld");
  });

  it("refuses shares that do not sum to 10 000, a release by anyone but the operator, and an unknown payment", async () => {
    const { paymentId } = await deposit(12n, f.accounts[6]!.address, 1000n);
    const c = f.accounts[7]!.address;
    expect(await revertName(f.wallets[0]!.writeContract({ ...escrow(), functionName: "release", args: [paymentId, 5000, [c], [9999]] }))).toBe("BadShares");
    expect(await revertName(f.wallets[0]!.writeContract({ ...escrow(), functionName: "release", args: [paymentId, 10_001, [c], [10_000]] }))).toBe("BadShares");
    expect(await revertName(f.wallets[0]!.writeContract({ ...escrow(), functionName: "release", args: [paymentId, 5000, [], []] }))).toBe("BadShares");
    expect(await revertName(f.wallets[3]!.writeContract({ ...escrow(), functionName: "release", args: [paymentId, 5000, [c], [10_000]] }))).toBe("NotOperator");
    expect(await revertName(f.wallets[0]!.writeContract({ ...escrow(), functionName: "release", args: [999_999n, 5000, [c], [10_000]] }))).toBe("UnknownPayment");
    // with no contributors the whole amount goes to the payee
    const payee = f.accounts[6]!.address;
    const before = await balance(payee);
    await f.mined(f.wallets[0]!.writeContract({ ...escrow(), functionName: "release", args: [paymentId, 10_000, [], []] }));
    expect((await balance(payee)) - before).toBe(1000n);
  });

  it("refunds the buyer in full (lost race, refused), and only the operator may", async () => {
    const buyer = f.accounts[BUYER]!.address;
    for (const reason of [0, 1] as const) {
      const { paymentId, receipt: paidIn } = await deposit(13n, f.accounts[6]!.address, parseEther("2"));
      expect(await revertName(f.wallets[BUYER]!.writeContract({ ...escrow(), functionName: "refund", args: [paymentId, reason] }))).toBe("NotOperator");
      const before = await balance(buyer);
      const receipt = await f.mined(f.wallets[0]!.writeContract({ ...escrow(), functionName: "refund", args: [paymentId, reason] }));
      expect((await balance(buyer)) - before).toBe(parseEther("2"));
      expect(events(receipt)[0]).toMatchObject({ eventName: "Refunded", args: { paymentId, listingId: 13n, buyer, amount: parseEther("2"), reason, credited: false } });
      expect(paidIn.status).toBe("success");
    }
    const { paymentId } = await deposit(13n, f.accounts[6]!.address, 1n);
    expect(await revertName(f.wallets[0]!.writeContract({ ...escrow(), functionName: "refund", args: [paymentId, 2] }))).toBe("BadShares");
  });

  it("lets the buyer reclaim an unsettled payment after the delay, not before, and nobody else", async () => {
    const buyer = f.accounts[BUYER]!.address;
    const { paymentId } = await deposit(14n, f.accounts[6]!.address, parseEther("1"));
    expect(await revertName(f.wallets[BUYER]!.writeContract({ ...escrow(), functionName: "reclaim", args: [paymentId] }))).toBe("TooEarly");
    await f.advance(LICENCE_RECLAIM_AFTER_SECONDS + 1);
    expect(await revertName(f.wallets[4]!.writeContract({ ...escrow(), functionName: "reclaim", args: [paymentId] }))).toBe("NotBuyer");
    const before = await balance(buyer);
    const receipt = await f.mined(f.wallets[BUYER]!.writeContract({ ...escrow(), functionName: "reclaim", args: [paymentId] }));
    expect((await balance(buyer)) - before).toBe(parseEther("1") - gasOf(receipt));
    expect(events(receipt)[0]).toMatchObject({ eventName: "Refunded", args: { reason: 2 } });
  });

  it("credits a recipient that refuses the transfer instead of blocking the release", async () => {
    // the BurnPool accepts value; a contract without receive() refuses it: the escrow itself has none for plain sends
    // from another contract's call, so use the RoleRegistry (no payable fallback) as a refusing contributor
    const refusing = f.addr("roleRegistry");
    const payee = f.accounts[6]!.address;
    const { paymentId } = await deposit(15n, payee, 10_000n);
    const receipt = await f.mined(f.wallets[0]!.writeContract({ ...escrow(), functionName: "release", args: [paymentId, 5000, [refusing], [10_000]] }));
    const paid = events(receipt).filter((e) => e.eventName === "Paid");
    expect(paid[0]).toMatchObject({ args: { to: refusing, amount: 5000n, credited: true } });
    expect(await f.publicClient.readContract({ ...escrow(), functionName: "credited", args: [refusing] })).toBe(5000n);
    expect(await revertName(f.wallets[3]!.writeContract({ ...escrow(), functionName: "withdraw" }))).toBe("NothingCredited");
  });
});
