import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concat, decodeEventLog, encodeAbiParameters, keccak256, parseAbiParameters, parseEther, toBytes, type Address, type TransactionReceipt } from "viem";
import { articleRegistryAbi, capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { hashBallot, outletKey, signBallot, type SubmitVoucher } from "@/lib/chain/vouchers";
import { revertName, startContractsFixture, type Fixture } from "./fixture";

// Weighted votes in the window (direct and relayed ballots), then finalization and supersession.
let f: Fixture;
const WINDOW = 3600n;
const STATUS = { None: 0, Pending: 1, Finalized: 2, Rejected: 3, Superseded: 4 } as const;
const bonds = { 5: parseEther("10"), 6: parseEther("30"), 7: parseEther("5"), 8: parseEther("10") } as const;
const capsules: Record<"accept" | "quorum" | "approval" | "silent", SubmitVoucher> = {} as never;

const acceptance = () => ({ address: f.addr("capsuleAcceptance") as Address, abi: capsuleAcceptanceAbi });
const registry = () => ({ address: f.addr("articleRegistry") as Address, abi: articleRegistryAbi });
const logsOf = <A extends typeof capsuleAcceptanceAbi | typeof articleRegistryAbi>(receipt: TransactionReceipt, address: Address, abi: A) =>
  receipt.logs.filter((log) => log.address.toLowerCase() === address.toLowerCase()).map((log) => decodeEventLog({ abi, ...log }));
const vote = (wallet: number, capsuleId: bigint, support: boolean) =>
  f.wallets[wallet]!.writeContract({ ...acceptance(), functionName: "castVote", args: [capsuleId, support] });
const revisionsOf = (id: bigint) => f.publicClient.readContract({ ...registry(), functionName: "revisionsOf", args: [id] });
const status = async (id: bigint) => (await f.publicClient.readContract({ ...registry(), functionName: "capsules", args: [id] }))[4];
const finalize = (wallet: number, id: bigint) => f.wallets[wallet]!.writeContract({ ...registry(), functionName: "finalizeCapsule", args: [id] });

beforeAll(async () => {
  f = await startContractsFixture();
  const roles = { address: f.addr("roleRegistry") as Address, abi: roleRegistryAbi };
  for (const [index, amount] of Object.entries(bonds)) {
    await f.mined(f.wallets[Number(index)]!.writeContract({ ...roles, functionName: "deposit", value: amount }));
  }
  // 5, 6, 7 and 9 may vote at daily-ledger; 8 is bonded but not a voter there; 9 has no bond.
  for (const index of [5, 6, 7, 9]) {
    await f.mined(f.wallets[0]!.writeContract({ ...roles, functionName: "setVoter", args: [outletKey("daily-ledger"), f.accounts[index]!.address, true] }));
  }
  const journalist = f.accounts[1]!.address;
  // The voucher's eligibleWeight is only the bridge's preview: the contract snapshots 10 + 30 + 5 itself.
  capsules.accept = await f.voucher(journalist, { windowSeconds: WINDOW, eligibleWeight: parseEther("100") });
  capsules.quorum = await f.voucher(journalist, { windowSeconds: WINDOW, quorumPct: 50 });
  capsules.approval = await f.voucher(journalist, { windowSeconds: WINDOW, eligibleWeight: parseEther("100") });
  capsules.silent = await f.voucher(journalist, { windowSeconds: WINDOW });
  for (const v of Object.values(capsules)) await f.mined(f.submit(1, v));
});
afterAll(async () => {
  await f?.stop();
});

describe("CapsuleAcceptance voting window", () => {
  it("opens the window at submission with the voucher's policy and the outlet's weight at the snapshot", async () => {
    const [yes, no, eligible, opensAt, closesAt, approvalPct, quorumPct, snapshotBlock] = await f.publicClient.readContract({
      ...acceptance(),
      functionName: "tally",
      args: [capsules.accept.capsuleId],
    });
    expect([yes, no, eligible, approvalPct, quorumPct]).toEqual([0n, 0n, bonds[5] + bonds[6] + bonds[7], 60, 5]);
    expect(snapshotBlock).toBeGreaterThan(0n);
    expect(closesAt - opensAt).toBe(WINDOW);
    expect(await f.publicClient.readContract({ ...acceptance(), functionName: "outcome", args: [capsules.accept.capsuleId] })).toEqual([
      false,
      false,
    ]);
  });

  it("counts a vote with the voter's bond as weight and emits VoteCast", async () => {
    const receipt = await f.mined(vote(5, capsules.accept.capsuleId, true));
    expect(logsOf(receipt, f.addr("capsuleAcceptance"), capsuleAcceptanceAbi)).toEqual([
      { eventName: "VoteCast", args: { capsuleId: capsules.accept.capsuleId, voter: f.accounts[5]!.address, support: true, weight: bonds[5] } },
    ]);
    expect(await f.publicClient.readContract({ ...acceptance(), functionName: "hasVoted", args: [capsules.accept.capsuleId, f.accounts[5]!.address] })).toBe(true);
    const [yes, no] = await f.publicClient.readContract({ ...acceptance(), functionName: "tally", args: [capsules.accept.capsuleId] });
    expect([yes, no]).toEqual([bonds[5], 0n]);
  });

  it("refuses a second vote by the same wallet", async () => {
    expect(await revertName(vote(5, capsules.accept.capsuleId, false))).toBe("AlreadyVoted");
  });

  it("refuses a wallet that is not a voter of the outlet, and a voter without bond", async () => {
    expect(await revertName(vote(8, capsules.accept.capsuleId, true))).toBe("NotEligible");
    expect(await revertName(vote(9, capsules.accept.capsuleId, true))).toBe("NotEligible");
    expect(await revertName(vote(5, 424242n, true))).toBe("UnknownCapsule");
  });

  it("counts a ballot signed by the voter and relayed by another wallet", async () => {
    const voter = f.accounts[6]!;
    const nonce = await f.publicClient.readContract({ ...acceptance(), functionName: "nonces", args: [voter.address] });
    const ballot = { capsuleId: capsules.accept.capsuleId, support: true, voter: voter.address, nonce, deadline: (await f.latestTimestamp()) + 300n };
    const signature = await signBallot(voter, f.addr("capsuleAcceptance"), f.record.chainId, ballot);
    const args = [ballot.capsuleId, ballot.support, ballot.voter, ballot.deadline, signature] as const;

    // A ballot signed by someone else is refused before it is counted.
    const forged = await signBallot(f.accounts[7]!, f.addr("capsuleAcceptance"), f.record.chainId, ballot);
    expect(await revertName(f.wallets[1]!.writeContract({ ...acceptance(), functionName: "castVoteBySig", args: [args[0], args[1], args[2], args[3], forged] }))).toBe(
      "InvalidSignature",
    );

    const receipt = await f.mined(f.wallets[1]!.writeContract({ ...acceptance(), functionName: "castVoteBySig", args }));
    expect(receipt.from.toLowerCase()).toBe(f.accounts[1]!.address.toLowerCase());
    expect(logsOf(receipt, f.addr("capsuleAcceptance"), capsuleAcceptanceAbi)).toEqual([
      { eventName: "VoteCast", args: { capsuleId: ballot.capsuleId, voter: voter.address, support: true, weight: bonds[6] } },
    ]);
    expect(await f.publicClient.readContract({ ...acceptance(), functionName: "nonces", args: [voter.address] })).toBe(nonce + 1n);
    // The same signature cannot be replayed: the nonce moved on.
    expect(await revertName(f.wallets[2]!.writeContract({ ...acceptance(), functionName: "castVoteBySig", args }))).toBe("InvalidSignature");
  });

  it("hashes ballots like the TypeScript helper and refuses expired ballots", async () => {
    const voter = f.accounts[7]!;
    const ballot = { capsuleId: capsules.accept.capsuleId, support: false, voter: voter.address, nonce: 0n, deadline: (await f.latestTimestamp()) - 1n };
    // The on-chain domain separator and the ballot struct hash rebuild the helper's EIP-712 digest.
    const separator = await f.publicClient.readContract({ ...acceptance(), functionName: "DOMAIN_SEPARATOR" });
    const expectedSeparator = keccak256(
      encodeAbiParameters(parseAbiParameters("bytes32, bytes32, bytes32, uint256, address"), [
        keccak256(toBytes("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)")),
        keccak256(toBytes("Capsule Acceptance")),
        keccak256(toBytes("1")),
        BigInt(f.record.chainId),
        f.addr("capsuleAcceptance"),
      ]),
    );
    expect(separator).toBe(expectedSeparator);
    const typehash = await f.publicClient.readContract({ ...acceptance(), functionName: "BALLOT_TYPEHASH" });
    const structHash = keccak256(
      encodeAbiParameters(parseAbiParameters("bytes32, uint256, bool, address, uint256, uint256"), [
        typehash,
        ballot.capsuleId,
        ballot.support,
        ballot.voter,
        ballot.nonce,
        ballot.deadline,
      ]),
    );
    expect(hashBallot(f.addr("capsuleAcceptance"), f.record.chainId, ballot)).toBe(keccak256(concat(["0x1901", separator, structHash])));
    const signature = await signBallot(voter, f.addr("capsuleAcceptance"), f.record.chainId, ballot);
    expect(
      await revertName(
        f.wallets[1]!.writeContract({ ...acceptance(), functionName: "castVoteBySig", args: [ballot.capsuleId, false, voter.address, ballot.deadline, signature] }),
      ),
    ).toBe("SignatureExpired");
  });

  it("uses the bond at the snapshot: a later deposit does not change the weight", async () => {
    await f.mined(vote(7, capsules.accept.capsuleId, false));
    await f.mined(
      f.wallets[7]!.writeContract({ address: f.addr("roleRegistry"), abi: roleRegistryAbi, functionName: "deposit", value: parseEther("50") }),
    );
    const [yes, no] = await f.publicClient.readContract({ ...acceptance(), functionName: "tally", args: [capsules.accept.capsuleId] });
    expect([yes, no]).toEqual([bonds[5] + bonds[6], bonds[7]]);
  });

  it("casts the remaining votes for the rejection cases", async () => {
    await f.mined(vote(5, capsules.quorum.capsuleId, true)); // 10 of 45 eligible: quorum 50 % not met
    await f.mined(vote(5, capsules.approval.capsuleId, true)); // 10 yes …
    await f.mined(vote(6, capsules.approval.capsuleId, false)); // … against 30 no: 25 % approval
    const [yes, no] = await f.publicClient.readContract({ ...acceptance(), functionName: "tally", args: [capsules.approval.capsuleId] });
    expect([yes, no]).toEqual([bonds[5], bonds[6]]);
  });

  it("refuses to finalize while the window is open", async () => {
    expect(await revertName(finalize(2, capsules.accept.capsuleId))).toBe("VotingOpen");
  });

  it("refuses votes once the window has closed", async () => {
    await f.advance(Number(WINDOW));
    expect(await revertName(vote(6, capsules.quorum.capsuleId, true))).toBe("VotingClosed");
    const voter = f.accounts[7]!;
    const nonce = await f.publicClient.readContract({ ...acceptance(), functionName: "nonces", args: [voter.address] });
    const ballot = { capsuleId: capsules.quorum.capsuleId, support: true, voter: voter.address, nonce, deadline: (await f.latestTimestamp()) + 300n };
    const signature = await signBallot(voter, f.addr("capsuleAcceptance"), f.record.chainId, ballot);
    expect(
      await revertName(
        f.wallets[1]!.writeContract({ ...acceptance(), functionName: "castVoteBySig", args: [ballot.capsuleId, true, voter.address, ballot.deadline, signature] }),
      ),
    ).toBe("VotingClosed");
  });
});

describe("ArticleRegistry finalization", () => {
  it("finalizes an accepted capsule: CapsuleAccepted and CapsuleFinalized, article id assigned", async () => {
    const id = capsules.accept.capsuleId;
    expect(await f.publicClient.readContract({ ...acceptance(), functionName: "outcome", args: [id] })).toEqual([true, true]);
    const receipt = await f.mined(finalize(3, id));
    const block = await f.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    expect(logsOf(receipt, f.addr("articleRegistry"), articleRegistryAbi)).toEqual([
      { eventName: "CapsuleAccepted", args: { capsuleId: id, outletSlug: "daily-ledger", acceptedAt: block.timestamp } },
      { eventName: "CapsuleFinalized", args: { capsuleId: id, articleId: 1n, finalizedBy: f.accounts[3]!.address } },
    ]);
    const stored = await f.publicClient.readContract({ ...registry(), functionName: "capsules", args: [id] });
    expect(stored[4]).toBe(STATUS.Finalized);
    expect(stored[6]).toBe(block.timestamp);
    expect(stored[7]).toBe(1n);
    expect(stored[8]).toBe(f.accounts[3]!.address);
    expect(await f.publicClient.readContract({ ...registry(), functionName: "articleCount" })).toBe(1n);
    expect(await revertName(finalize(3, id))).toBe("NotPending");
  });

  it.each([
    ["quorum not met", "quorum", () => [bonds[5], 0n]],
    ["approval not met", "approval", () => [bonds[5], bonds[6]]],
    ["no votes at all", "silent", () => [0n, 0n]],
  ] as const)("rejects a capsule with %s", async (_label, key, expected) => {
    const id = capsules[key].capsuleId;
    expect(await f.publicClient.readContract({ ...acceptance(), functionName: "outcome", args: [id] })).toEqual([true, false]);
    const receipt = await f.mined(finalize(2, id));
    const [yes, no] = expected();
    expect(logsOf(receipt, f.addr("articleRegistry"), articleRegistryAbi)).toEqual([
      { eventName: "CapsuleRejected", args: { capsuleId: id, yes, no } },
    ]);
    expect(await status(id)).toBe(STATUS.Rejected);
  });

  it("supersedes a finalized parent when a correction is submitted", async () => {
    const parent = capsules.accept.capsuleId;
    const correction = await f.voucher(f.accounts[1]!.address, { parentCapsuleId: parent });
    const receipt = await f.mined(f.submit(1, correction));
    const events = logsOf(receipt, f.addr("articleRegistry"), articleRegistryAbi);
    expect(events.map((e) => e.eventName)).toEqual(["CapsuleSubmitted", "ManifestCommitted", "CapsuleRevises", "CapsuleSuperseded", "FeeRouted"]);
    expect(events.find((e) => e.eventName === "CapsuleRevises")?.args).toEqual({ parentCapsuleId: parent, capsuleId: correction.capsuleId });
    expect(events.find((e) => e.eventName === "CapsuleSuperseded")?.args).toEqual({ capsuleId: parent, byCapsuleId: correction.capsuleId });
    expect(await status(parent)).toBe(STATUS.Superseded);
    expect(await status(correction.capsuleId)).toBe(STATUS.Pending);
    expect(await revisionsOf(parent)).toEqual([correction.capsuleId]);
  });

  it("leaves a rejected parent rejected when it is revised, and indexes the revision by it (CapsuleRevises)", async () => {
    const parent = capsules.quorum.capsuleId;
    const revision = await f.voucher(f.accounts[1]!.address, { parentCapsuleId: parent });
    const receipt = await f.mined(f.submit(1, revision));
    const events = logsOf(receipt, f.addr("articleRegistry"), articleRegistryAbi);
    expect(events.map((e) => e.eventName)).toEqual(["CapsuleSubmitted", "ManifestCommitted", "CapsuleRevises", "FeeRouted"]);
    expect(events.find((e) => e.eventName === "CapsuleRevises")?.args).toEqual({ parentCapsuleId: parent, capsuleId: revision.capsuleId });
    expect(await status(parent)).toBe(STATUS.Rejected);
    // found by the parent alone, as a reader's node answers eth_getLogs with topic1 = the parent
    const found = await f.publicClient.getContractEvents({ ...registry(), eventName: "CapsuleRevises", args: { parentCapsuleId: parent }, fromBlock: 0n });
    expect(found.map((e) => e.args.capsuleId)).toEqual([revision.capsuleId]);
    // and by one eth_call, however old the parent: a second revision of it comes after the first
    const second = await f.voucher(f.accounts[1]!.address, { parentCapsuleId: parent });
    await f.mined(f.submit(1, second));
    expect(await revisionsOf(parent)).toEqual([revision.capsuleId, second.capsuleId]);
    expect(await revisionsOf(revision.capsuleId)).toEqual([]);
  });

  it("an original (parent 0) emits no CapsuleRevises", async () => {
    const original = await f.voucher(f.accounts[1]!.address);
    const receipt = await f.mined(f.submit(1, original));
    expect(logsOf(receipt, f.addr("articleRegistry"), articleRegistryAbi).map((e) => e.eventName)).toEqual(["CapsuleSubmitted", "ManifestCommitted", "FeeRouted"]);
  });
});
