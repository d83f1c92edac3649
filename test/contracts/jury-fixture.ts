import {
  createWalletClient,
  decodeEventLog,
  http,
  keccak256,
  parseEther,
  toHex,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, capsuleAcceptanceAbi, juryCourtAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { juryCommitment, signJuryCommit, signJuryReveal } from "@/lib/chain/jury-ballots";
import { outletKey } from "@/lib/chain/vouchers";
import { startContractsFixture } from "./fixture";

// The deployment (JuryCourt wired into RoleRegistry by deployCapsuleContracts), and a cast around one published capsule of
// daily-ledger: who is in the juror pool, who is left out and why.
export const OUTLET = "daily-ledger";
export const PERIODS = { evidence: 72n * 3600n, commit: 48n * 3600n, reveal: 48n * 3600n, appeal: 72n * 3600n } as const;
export const DRAW_DELAY = 3n;
export const PERIOD = { None: 0, Evidence: 1, Commit: 2, Reveal: 3, Appeal: 4, Final: 5 } as const;
export const SIDE = { challenger: 1, outlet: 2 } as const;

/** Juror bonds: distinct, so the draw proportions can be told apart. */
export const jurorBond = (i: number) => parseEther(String(10 * (i + 1)));

export type JuryFixture = Awaited<ReturnType<typeof startJuryFixture>>;

export async function startJuryFixture(options: { jurors: number; feePerJuror: bigint }) {
  const f = await startContractsFixture();
  try {
    // deployCapsuleContracts deploys JuryCourt and wires it with RoleRegistry.setJuryCourt.
    const operator = f.wallets[0]!;
    const courtAddress = f.addr("juryCourt");
    const court = { address: courtAddress, abi: juryCourtAbi } as const;
    const roles = { address: f.addr("roleRegistry"), abi: roleRegistryAbi } as const;
    await f.mined(
      operator.writeContract({
        ...court,
        functionName: "setConfig",
        args: [
          {
            evidenceSeconds: PERIODS.evidence,
            commitSeconds: PERIODS.commit,
            revealSeconds: PERIODS.reveal,
            appealSeconds: PERIODS.appeal,
            drawDelayBlocks: DRAW_DELAY,
            feePerJuror: options.feePerJuror,
          },
        ],
      }),
    );

    const transport = http(f.anvil.rpcUrl);
    const jurorAccounts = Array.from({ length: options.jurors }, (_, i) => privateKeyToAccount(keccak256(toHex(`capsule juror ${i}`))));
    const jurorWallets = jurorAccounts.map((account) => createWalletClient({ chain: f.chain, transport, account, pollingInterval: 50 }));
    const walletOf = new Map<string, (typeof jurorWallets)[number]>();
    jurorAccounts.forEach((a, i) => walletOf.set(a.address.toLowerCase(), jurorWallets[i]!));
    f.accounts.forEach((a, i) => walletOf.set(a.address.toLowerCase(), f.wallets[i]!));

    const setVoter = (slug: string, wallet: Address, allowed: boolean) =>
      f.mined(operator.writeContract({ ...roles, functionName: "setVoter", args: [outletKey(slug), wallet, allowed] }));
    const setMember = (slug: string, wallet: Address, member: boolean) =>
      f.mined(operator.writeContract({ ...roles, functionName: "setMember", args: [outletKey(slug), wallet, member] }));
    const deposit = (wallet: Address, amount: bigint) =>
      f.mined(walletOf.get(wallet.toLowerCase())!.writeContract({ ...roles, functionName: "deposit", value: amount }));

    for (const [i, account] of jurorAccounts.entries()) {
      await f.testClient.setBalance({ address: account.address, value: parseEther("1000000") });
      await deposit(account.address, jurorBond(i));
      await setVoter(`newsroom-${i % 4}`, account.address, true);
    }

    const cast = {
      author: f.accounts[1]!,
      challenger: f.accounts[2]!,
      outletEditor: f.accounts[3]!,
      outletReporter: f.accounts[4]!,
      unbondedEditor: f.accounts[5]!,
      bondedNonEditor: f.accounts[6]!,
      formerEditor: f.accounts[7]!,
      lateEditor: f.accounts[8]!,
    };
    // Everyone on the cast but the unbonded Editor holds a bond; all but two are Editors elsewhere, so only
    // the exclusion rules keep them out of the pool.
    for (const who of [cast.author, cast.challenger, cast.outletEditor, cast.outletReporter, cast.bondedNonEditor, cast.formerEditor]) {
      await deposit(who.address, parseEther("500"));
    }
    await setVoter("side-outlet", cast.author.address, true);
    await setVoter("other-outlet", cast.challenger.address, true);
    await setVoter(OUTLET, cast.outletEditor.address, true);
    await setVoter("other-outlet", cast.outletEditor.address, true);
    await setVoter("other-outlet", cast.outletReporter.address, true);
    await setMember(OUTLET, cast.outletReporter.address, true);
    await setVoter("other-outlet", cast.unbondedEditor.address, true);
    await setVoter("other-outlet", cast.formerEditor.address, true);
    await setVoter("other-outlet", cast.formerEditor.address, false);

    /** Submits a capsule of daily-ledger by the author, votes it through and finalizes it. */
    const publishCapsule = async (): Promise<bigint> => {
      const v = await f.voucher(cast.author.address, { outletSlug: OUTLET, windowSeconds: 600n });
      await f.mined(f.submit(1, v));
      await f.mined(
        f.wallets[3]!.writeContract({ address: f.addr("capsuleAcceptance"), abi: capsuleAcceptanceAbi, functionName: "castVote", args: [v.capsuleId, true] }),
      );
      await f.advance(601);
      await f.mined(f.wallets[0]!.writeContract({ address: f.addr("articleRegistry"), abi: articleRegistryAbi, functionName: "finalizeCapsule", args: [v.capsuleId] }));
      return v.capsuleId;
    };

    const read = <T>(functionName: string, args: readonly unknown[] = []) =>
      f.publicClient.readContract({ ...court, functionName, args } as never) as Promise<T>;
    type CaseView = {
      capsuleId: bigint;
      outletKey: Hex;
      author: Address;
      challenger: Address;
      snapshotBlock: bigint;
      drawBlock: bigint;
      periodStart: bigint;
      period: number;
      round: number;
      winner: number;
      byDefault: boolean;
      poolSize: number;
      challengerFee: bigint;
    };
    const getCase = (caseId: bigint) => read<CaseView>("getCase", [caseId]);
    const roundOf = async (caseId: bigint, round: number) => {
      const [jurors, fee, committed, revealed] = await read<readonly [readonly Address[], bigint, number, number]>("roundOf", [caseId, BigInt(round)]);
      return { jurors, fee, committed, revealed };
    };

    /** Decoded JuryCourt (and RoleRegistry) events of a receipt. */
    const events = (receipt: TransactionReceipt) =>
      receipt.logs
        .filter((log) => log.address.toLowerCase() === courtAddress.toLowerCase())
        .map((log) => decodeEventLog({ abi: juryCourtAbi, ...log }));
    const roleEvents = (receipt: TransactionReceipt) =>
      receipt.logs
        .filter((log) => log.address.toLowerCase() === f.addr("roleRegistry").toLowerCase())
        .map((log) => decodeEventLog({ abi: roleRegistryAbi, ...log }));

    const openCase = async (capsuleId: bigint, claimIds: readonly Hex[] = [], from = cast.challenger.address) => {
      const fee = (await read<bigint>("jurorsInRound", [0n])) * options.feePerJuror;
      const receipt = await f.mined(walletOf.get(from.toLowerCase())!.writeContract({ ...court, functionName: "openCase", args: [capsuleId, claimIds], value: fee }));
      const opened = events(receipt).find((e) => e.eventName === "CaseOpened");
      if (!opened || opened.eventName !== "CaseOpened") throw new Error("no CaseOpened event");
      return { caseId: opened.args.caseId, receipt };
    };

    /** Mines past the scheduled draw block and draws (anyone may). */
    const drawNow = async (caseId: bigint) => {
      const { drawBlock } = await getCase(caseId);
      const current = await f.publicClient.getBlockNumber({ cacheTime: 0 });
      if (current <= drawBlock) await f.testClient.mine({ blocks: Number(drawBlock - current) });
      return f.mined(f.wallets[9]!.writeContract({ ...court, functionName: "draw", args: [caseId] }));
    };

    const advancePeriod = (caseId: bigint) => f.mined(f.wallets[9]!.writeContract({ ...court, functionName: "advancePeriod", args: [caseId] }));
    const untilPeriodEnds = async (caseId: bigint) => {
      const end = await read<bigint>("periodEndsAt", [caseId]);
      const now = await f.latestTimestamp();
      if (end > now) await f.advance(Number(end - now));
    };

    const saltOf = (juror: Address, round: number) => keccak256(toHex(`salt ${juror} ${round}`));

    /** The juror signs a commitment to `findings`; the operator relays it. */
    const commitBySig = async (caseId: bigint, round: number, juror: Address, findings: readonly number[], salt = saltOf(juror, round)) => {
      const signer = jurorAccounts.find((a) => a.address === juror) ?? f.accounts.find((a) => a.address === juror)!;
      const commitment = juryCommitment(caseId, BigInt(round), juror, findings, salt);
      const signature = await signJuryCommit(signer, courtAddress, f.record.chainId, { caseId, round: BigInt(round), juror, commitment });
      return operator.writeContract({ ...court, functionName: "commitBySig", args: [caseId, juror, commitment, signature] });
    };

    /** The juror signs the reveal (findings, reasons, salt); the operator relays it. */
    const revealBySig = async (
      caseId: bigint,
      round: number,
      juror: Address,
      findings: readonly number[],
      reasons: readonly string[] = findings.map((x) => `finding ${x}`),
      salt = saltOf(juror, round),
    ) => {
      const signer = jurorAccounts.find((a) => a.address === juror) ?? f.accounts.find((a) => a.address === juror)!;
      const signature = await signJuryReveal(signer, courtAddress, f.record.chainId, { caseId, round: BigInt(round), juror, findings, reasons, salt });
      return operator.writeContract({ ...court, functionName: "revealBySig", args: [caseId, juror, [...findings], [...reasons], salt, signature] });
    };

    const balance = (address: Address) => f.publicClient.getBalance({ address });
    const bondOf = (wallet: Address) => f.publicClient.readContract({ ...roles, functionName: "bondOf", args: [wallet] });

    return {
      ...f,
      court,
      courtAddress,
      roles,
      jurorAccounts,
      jurorWallets,
      walletOf: (address: Address) => walletOf.get(address.toLowerCase())!,
      cast,
      setVoter,
      setMember,
      deposit,
      publishCapsule,
      read,
      getCase,
      roundOf,
      events,
      roleEvents,
      openCase,
      drawNow,
      advancePeriod,
      untilPeriodEnds,
      saltOf,
      commitBySig,
      revealBySig,
      balance,
      bondOf,
    };
  } catch (error) {
    await f.stop();
    throw error;
  }
}
