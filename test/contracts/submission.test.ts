import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEventLog, parseEther, type Address, type TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, recipientVaultAbi } from "@/lib/chain/abi";
import { feeSplit } from "@/lib/chain/fee-split";
import { hashSubmitVoucher } from "@/lib/chain/vouchers";
import { devKeys } from "@/test/support/anvil";
import { revertName, startContractsFixture, type Fixture } from "./fixture";

// Paid, bridge-authorized submissions: voucher checks, the exact fee and its six-way routing.
let f: Fixture;
beforeAll(async () => {
  f = await startContractsFixture();
});
afterAll(async () => {
  await f?.stop();
});

const STATUS = { None: 0, Pending: 1, Finalized: 2, Rejected: 3, Superseded: 4 } as const;
const registryLogs = (receipt: TransactionReceipt) =>
  receipt.logs
    .filter((log) => log.address.toLowerCase() === f.addr("articleRegistry").toLowerCase())
    .map((log) => decodeEventLog({ abi: articleRegistryAbi, ...log }));
const capsule = (id: bigint) =>
  f.publicClient.readContract({ address: f.addr("articleRegistry"), abi: articleRegistryAbi, functionName: "capsules", args: [id] });

describe("ArticleRegistry submissions", () => {
  it("hashes the voucher exactly as the TypeScript helper does", async () => {
    const v = await f.voucher(f.accounts[1]!.address);
    const onChain = await f.publicClient.readContract({
      address: f.addr("articleRegistry"),
      abi: articleRegistryAbi,
      functionName: "hashSubmitVoucher",
      args: [v],
    });
    expect(onChain).toBe(hashSubmitVoucher(f.addr("articleRegistry"), f.record.chainId, v));
  });

  it("accepts a valid voucher with the 30-unit fee and routes 10.5/6/4.5/3/3/3", async () => {
    const journalist = f.accounts[1]!.address;
    const fee = await f.publicClient.readContract({ address: f.addr("articleRegistry"), abi: articleRegistryAbi, functionName: "SUBMISSION_FEE" });
    expect(fee).toBe(parseEther("30"));

    const recipients = feeSplit.map((share) => ({ share, address: f.addr(share.contract) }));
    const before = await Promise.all(recipients.map((r) => f.publicClient.getBalance({ address: r.address })));
    const v = await f.voucher(journalist);
    const receipt = await f.mined(f.submit(1, v));
    const after = await Promise.all(recipients.map((r) => f.publicClient.getBalance({ address: r.address })));

    expect(after.map((balance, i) => balance - before[i]!)).toEqual([
      parseEther("10.5"),
      parseEther("6"),
      parseEther("4.5"),
      parseEther("3"),
      parseEther("3"),
      parseEther("3"),
    ]);
    expect(recipients.map((r, i) => after[i]! - before[i]! === r.share.amountWei)).toEqual(recipients.map(() => true));
    expect(await f.publicClient.getBalance({ address: f.addr("articleRegistry") })).toBe(0n);

    const events = registryLogs(receipt);
    expect(events.find((e) => e.eventName === "CapsuleSubmitted")?.args).toEqual({
      capsuleId: v.capsuleId,
      outletSlug: "daily-ledger",
      submitter: journalist,
    });
    expect(events.find((e) => e.eventName === "FeeRouted")?.args).toEqual({
      capsuleId: v.capsuleId,
      validators: parseEther("10.5"),
      burnPool: parseEther("6"),
      mediaValidators: parseEther("4.5"),
      integrityTreasury: parseEther("3"),
      vaultOperators: parseEther("3"),
      foundation: parseEther("3"),
    });

    const stored = await capsule(v.capsuleId);
    expect(stored[0]).toBe("daily-ledger");
    expect(stored[1]).toBe(journalist);
    expect(stored[2]).toBe(v.contentHash);
    expect(stored[3]).toBe(0n);
    expect(stored[4]).toBe(STATUS.Pending);
  });

  it("names the five vaults", async () => {
    const names = await Promise.all(
      (["validatorsVault", "mediaValidatorsVault", "integrityTreasury", "vaultOperatorsVault", "foundationVault"] as const).map((key) =>
        f.publicClient.readContract({ address: f.addr(key), abi: recipientVaultAbi, functionName: "name" }),
      ),
    );
    expect(names).toEqual(["Validators", "Media validators", "Integrity treasury", "Vault operators", "Foundation"]);
  });

  it.each([
    ["too little", parseEther("29.999")],
    ["too much", parseEther("31")],
    ["nothing", 0n],
  ])("refuses a fee of %s with WrongFee", async (_label, value) => {
    const v = await f.voucher(f.accounts[2]!.address);
    expect(await revertName(f.submit(2, v, { value }))).toBe("WrongFee");
    expect((await capsule(v.capsuleId))[4]).toBe(STATUS.None);
  });

  it("refuses a voucher signed by anyone but the bridge signer", async () => {
    const v = await f.voucher(f.accounts[2]!.address);
    const forged = await f.signVoucher(v, privateKeyToAccount(devKeys[2]));
    expect(await revertName(f.submit(2, v, { signature: forged }))).toBe("InvalidSignature");
  });

  it("refuses a voucher whose fields were changed after signing", async () => {
    const v = await f.voucher(f.accounts[2]!.address);
    const signature = await f.signVoucher(v);
    expect(await revertName(f.submit(2, { ...v, quorumPct: 0 }, { signature }))).toBe("InvalidSignature");
    expect(await revertName(f.submit(2, { ...v, outletSlug: "other-outlet" }, { signature }))).toBe("InvalidSignature");
  });

  it("commits the manifest hash and evidence root: in the signed voucher, an event and a view", async () => {
    const manifestHash = `0x${"5a".repeat(32)}` as const;
    const evidenceRoot = `0x${"c3".repeat(32)}` as const;
    const v = await f.voucher(f.accounts[2]!.address, { manifestHash, evidenceRoot });
    const signature = await f.signVoucher(v);
    expect(await revertName(f.submit(2, { ...v, manifestHash: `0x${"5b".repeat(32)}` }, { signature }))).toBe("InvalidSignature");
    expect(await revertName(f.submit(2, { ...v, evidenceRoot: `0x${"00".repeat(32)}` }, { signature }))).toBe("InvalidSignature");
    await expect(
      f.publicClient.readContract({ address: f.addr("articleRegistry"), abi: articleRegistryAbi, functionName: "commitmentOf", args: [v.capsuleId] }),
    ).rejects.toThrow(/UnknownCapsule/);
    const receipt = await f.mined(f.submit(2, v, { signature }));
    expect(registryLogs(receipt).find((e) => e.eventName === "ManifestCommitted")?.args).toEqual({ capsuleId: v.capsuleId, manifestHash, evidenceRoot });
    const stored = await f.publicClient.readContract({ address: f.addr("articleRegistry"), abi: articleRegistryAbi, functionName: "commitmentOf", args: [v.capsuleId] });
    expect(stored).toEqual([manifestHash, evidenceRoot]);
  });

  it("refuses a malleable (high-s) copy of a valid signature", async () => {
    const v = await f.voucher(f.accounts[2]!.address);
    const signature = await f.signVoucher(v);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const r = signature.slice(2, 66);
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const vByte = parseInt(signature.slice(130, 132), 16);
    const flipped = `0x${r}${(n - s).toString(16).padStart(64, "0")}${(vByte === 27 ? 28 : 27).toString(16)}` as const;
    expect(await revertName(f.submit(2, v, { signature: flipped }))).toBe("InvalidSignature");
  });

  it("refuses a submission sent by another wallet than the voucher's submitter", async () => {
    const v = await f.voucher(f.accounts[2]!.address);
    expect(await revertName(f.submit(3, v))).toBe("NotSubmitter");
  });

  it("refuses an expired voucher", async () => {
    const v = await f.voucher(f.accounts[2]!.address, { deadline: (await f.latestTimestamp()) - 1n });
    expect(await revertName(f.submit(2, v))).toBe("VoucherExpired");
  });

  it("refuses a capsule id that was used before, and id 0", async () => {
    const first = await f.voucher(f.accounts[2]!.address);
    await f.mined(f.submit(2, first));
    const again = await f.voucher(f.accounts[2]!.address, { capsuleId: first.capsuleId });
    expect(await revertName(f.submit(2, again))).toBe("CapsuleExists");
    const zero = await f.voucher(f.accounts[2]!.address, { capsuleId: 0n });
    expect(await revertName(f.submit(2, zero))).toBe("InvalidCapsuleId");
  });

  it("refuses a parent that was never submitted", async () => {
    const v = await f.voucher(f.accounts[2]!.address, { parentCapsuleId: 999_999n });
    expect(await revertName(f.submit(2, v))).toBe("UnknownParent");
  });

  it("lets only the operator close a pending capsule, which rejects it", async () => {
    const v = await f.voucher(f.accounts[4]!.address);
    await f.mined(f.submit(4, v));
    const registry = { address: f.addr("articleRegistry") as Address, abi: articleRegistryAbi };
    expect(await revertName(f.wallets[4]!.writeContract({ ...registry, functionName: "closeCapsule", args: [v.capsuleId] }))).toBe(
      "NotOperator",
    );
    const receipt = await f.mined(f.wallets[0]!.writeContract({ ...registry, functionName: "closeCapsule", args: [v.capsuleId] }));
    expect(registryLogs(receipt)).toMatchObject([{ eventName: "CapsuleRejected", args: { capsuleId: v.capsuleId, yes: 0n, no: 0n } }]);
    expect((await capsule(v.capsuleId))[4]).toBe(STATUS.Rejected);
    expect(await revertName(f.wallets[0]!.writeContract({ ...registry, functionName: "closeCapsule", args: [v.capsuleId] }))).toBe(
      "NotPending",
    );
  });
});

