import { expect } from "vitest";
import { createHash } from "node:crypto";
import { burnPoolAbi, integrityCourtAbi, juryCourtAbi } from "@/lib/chain/abi";
import { FINDING, juryCommitment, signJuryCommit, signJuryReveal } from "@/lib/chain/jury-ballots";
import { claimKey } from "@/lib/chain/jury-claims";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { courtAdvance } from "@/features/court/advance.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { courtCommit } from "@/features/court/commit.endpoint";
import { courtReveal } from "@/features/court/reveal.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { keccak256, parseEther, toHex, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { activeOutlet, addr, chainAccess, grantRole, sha, type Api, type Contracts, type Json } from "@/features/capsules/capsules.test-support";
import type { startTestDns } from "@/features/outlets/dns-server.test-support";
import type { Stack } from "@/test/support/stack";

export { activeOutlet, addr, expectError, grantRole, staffedDesk, type Api, type Json } from "@/features/capsules/capsules.test-support";

export type CourtContracts = Contracts & Record<"integrityCourt", { address: `0x${string}` }>;

/** Chain access for court tests: the capsules helpers plus burn-pool and PenaltyApplied reads. */
export function courtChain(stack: Stack, contracts: CourtContracts) {
  const base = chainAccess(stack, contracts);
  return {
    ...base,
    burnPoolSize: () => base.publicClient.readContract({ address: contracts.burnPool.address, abi: burnPoolAbi, functionName: "poolSize" }),
    penaltyLogs: (caseId: bigint) =>
      base.publicClient.getContractEvents({ address: contracts.integrityCourt.address, abi: integrityCourtAbi, eventName: "PenaltyApplied", args: { caseId }, fromBlock: 0n }),
  };
}

const sha256 = (text: string) => `0x${createHash("sha256").update(text, "utf8").digest("hex")}`;

/**
 * Walks a capsule through the real lifecycle: draft (by `authorKey`, an Editor of the outlet) →
 * submitted on chain with the fee → a yes ballot from `voterKey` → window closed with anvil time
 * travel → accept (finalized). Answers the capsule id.
 */
export async function finalizedCapsule(
  api: Api,
  chain: ReturnType<typeof courtChain>,
  opts: { authorKey: Hex; voterKey: Hex; outletSlug: string; title: string; category: string; support?: boolean; claims?: readonly string[] },
): Promise<{ capsuleId: string; evidenceId: string; claimIds: string[] }> {
  const body = `${opts.title}.\nReported with documents and two named sources.`;
  const created = await api.send(capsuleCreate, { body: {
    title: opts.title,
    body,
    outletSlug: opts.outletSlug,
    category: opts.category,
    tags: ["court-test"],
    sourceUrl: "https://records.example.org/doc",
    rightsNotes: "All rights reserved",
    evidence: [{ uri: "https://archive.example.org/doc/1", contentHash: sha(Number.parseInt(sha256(opts.title).slice(2, 10), 16)), evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: "Source document" }],
    status: "draft",
  } }, opts.authorKey);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const capsuleId = created.body.capsuleId as string;
  const evidenceId = created.body.evidence[0].evidenceId as string;
  // the claims a jury can rule on one by one (quotes of the text), set while it is a draft
  let claimIds: string[] = [];
  if (opts.claims?.length) {
    const set = await api.send(capsuleClaimsSet, { params: { id: capsuleId }, body: { claims: opts.claims.map((exact) => ({ exact, claimType: "statistic" as const, evidenceIds: [evidenceId] })) } }, opts.authorKey);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    claimIds = set.body.items.map((c: Json) => c.claimId as string);
  }
  await submitVoteAccept(api, chain, { ...opts, capsuleId });
  return { capsuleId, evidenceId, claimIds };
}

/** A draft (or proposed revision) `capsuleId` submitted on chain, voted on by `voterKey` and accepted once its window closed. */
async function submitVoteAccept(api: Api, chain: ReturnType<typeof courtChain>, opts: { capsuleId: string; authorKey: Hex; voterKey: Hex; support?: boolean }): Promise<void> {
  const { capsuleId } = opts;
  const voucher = await api.send(capsuleSubmit, { params: { id: capsuleId }, body: {} }, opts.authorKey);
  expect([200, 201], JSON.stringify(voucher.body)).toContain(voucher.status);
  await chain.submitOnChain(opts.authorKey, voucher.body);
  const ballot = await chain.ballot(opts.voterKey, capsuleId, opts.support ?? true);
  const voted = await api.send(capsuleVote, { params: { id: capsuleId }, body: ballot }, opts.voterKey);
  expect([200, 201], JSON.stringify(voted.body)).toContain(voted.status);
  await chain.increaseTime(259_200 + 5);
  const accepted = await api.send(capsuleAccept, { params: { id: capsuleId }, body: { capsuleId } }, opts.authorKey);
  expect([200, 201], JSON.stringify(accepted.body)).toContain(accepted.status);
  const expected = opts.support === false ? "rejected" : "finalized";
  // the accept answer may precede the indexed CapsuleFinalized; the read model catches up
  for (let i = 0; i < 100; i++) {
    const read = await api.send(capsuleRead, { params: { id: capsuleId } });
    if (read.body.capsule?.status === expected) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`capsule ${capsuleId} did not become ${expected}: ${JSON.stringify(accepted.body)}`);
}

/** A correction of finalized capsule `ofId`, proposed by `authorKey` and finalized like any capsule; answers its id. */
export async function finalizedCorrection(api: Api, chain: ReturnType<typeof courtChain>, opts: { ofId: string; authorKey: Hex; voterKey: Hex; reason: string }): Promise<string> {
  const proposed = await api.send(capsuleHistoryAdd, { params: { id: opts.ofId }, body: { capsuleType: "correction", revisionReason: opts.reason } }, opts.authorKey);
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
  const capsuleId = proposed.body.capsuleId as string;
  await submitVoteAccept(api, chain, { capsuleId, authorKey: opts.authorKey, voterKey: opts.voterKey });
  return capsuleId;
}

type FindingName = keyof typeof FINDING;
/** Each juror's findings, one per disputed claim (one for the article as a whole): the same for all, or by the juror's draw order. */
export type JuryPlan = readonly FindingName[] | ((jurorIndex: number) => readonly FindingName[]);

/**
 * Drives jury cases over HTTP on a test stack (issue 28), the way features/court/jury-court.integration.test.ts walks one:
 * the challenger pays JuryCourt.openCase and files the dispute with its hash; the evidence period runs out
 * by anvil time travel; the jurors are drawn, and their signed commits and reveals are relayed; the case
 * becomes final (after the appeal period when an appeal round could be seated) and the bridge settles it
 * (label, penalty). The jurors are the fresh bonded Editors of a bench outlet of their own (`seatBench`),
 * so a file's other wallets keep their balances and roles.
 */
export function juryDriver(stack: Stack, api: Api, chain: ReturnType<typeof courtChain>, court: Address) {
  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(stack.nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  };
  const chainTime = async () => Number((await chain.publicClient.getBlock({ blockTag: "latest" })).timestamp);
  /** Past the period's end by chain time, with blocks mined for the draw (JuryCourt drawDelayBlocks). */
  const pastPeriod = async (endsAt: string | null) => {
    const left = endsAt === null ? 0 : Number(endsAt) - (await chainTime());
    if (left >= 0) await chain.increaseTime(left + 1);
    await rpc("anvil_mine", ["0x4"]);
  };
  const advance = async (caseId: string, byKey: Hex) => {
    const res = await api.send(courtAdvance, { params: { id: caseId } }, byKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };

  return {
    /** Past the period's end by chain time (with blocks mined for the draw). */
    pastPeriod,
    /** Moves the case on through the bridge (expects 200). */
    advance,
    /** A new bench outlet owned by a fresh wallet (no bond: never a juror) and `count` fresh wallets bonded as its Editors: the jury pool. */
    async seatBench(dns: Awaited<ReturnType<typeof startTestDns>>, slug: string, count = 3): Promise<Hex[]> {
      const [ownerKey, ...jurorKeys] = Array.from({ length: count + 1 }, () => generatePrivateKey());
      for (const key of [ownerKey!, ...jurorKeys]) await rpc("anvil_setBalance", [addr(key), `0x${parseEther("1000").toString(16)}`]);
      await activeOutlet(api, dns, ownerKey!, slug);
      for (const key of jurorKeys) {
        await chain.deposit(key, "300");
        await grantRole(api, ownerKey!, slug, key, ROLE.EDITOR);
      }
      return jurorKeys;
    },

    /** The challenger's JuryCourt.openCase on the capsule's claims (none: the article), paying the fee; answers its hash. */
    async openOnChain(challengerKey: Hex, capsuleId: string, claimIds: readonly string[] = []): Promise<Hex> {
      const [jurors, config] = await Promise.all([
        chain.publicClient.readContract({ address: court, abi: juryCourtAbi, functionName: "FIRST_ROUND_JURORS" }),
        chain.publicClient.readContract({ address: court, abi: juryCourtAbi, functionName: "config" }),
      ]);
      const hash = await chain.walletOf(challengerKey).writeContract({
        address: court, abi: juryCourtAbi, functionName: "openCase", args: [BigInt(capsuleId), claimIds.map((id) => claimKey(Number(id)))], value: jurors * config[5], // config: (evidence, commit, reveal, appeal seconds, draw delay, fee per juror)
      });
      expect((await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
      return hash;
    },

    /** Opens the case on chain and files the dispute (`body` without openTxHash) with its hash; answers the bridge's answer. */
    async dispute(challengerKey: Hex, capsuleId: string, body: Json) {
      const openTxHash = await this.openOnChain(challengerKey, capsuleId, (body.claimIds as string[] | undefined) ?? []);
      return api.postRaw(capsuleDispute, { id: capsuleId }, challengerKey, { ...body, openTxHash });
    },

    /**
     * From the evidence period to the final finding: the drawn jurors (each one of `jurorKeys`) commit and
     * reveal `plan`, anyone (`byKey`) moves the case on. Answers the last advance's answer (case closed).
     * With `finalOnChain`, the last move is that wallet's own JuryCourt.advancePeriod, outside the bridge:
     * the jury case is final and the court case still open (not settled) until the bridge is asked to move
     * it on; then answers the case as the bridge shows it once it has indexed the final period. `beforeFinal` runs
     * right before that last move (an evm_snapshot to reorg the final finding away, say).
     */
    async decide(caseId: string, jurorKeys: readonly Hex[], plan: JuryPlan, byKey: Hex, options: { finalOnChain?: Hex; beforeFinal?: () => Promise<void> } = {}) {
      const findingsOf = (i: number) => (typeof plan === "function" ? plan(i) : plan);
      const open = (await api.send(courtCase, { params: { id: caseId } })).body as Json;
      expect(open.case, JSON.stringify(open)).toMatchObject({ court: "jury", period: "evidence" });
      const juryCaseId = BigInt(open.case.juryCaseId);
      const chainId = chain.publicClient.chain!.id;
      await pastPeriod(open.case.periodEndsAt);
      const commit = await advance(caseId, byKey);
      expect(commit.body.case.period, JSON.stringify(commit.body.case)).toBe("commit");
      const round = BigInt(commit.body.case.round);
      const drawn: Array<{ key: Hex; juror: Address; findings: readonly FindingName[]; salt: Hex }> = commit.body.case.jurors
        .filter((j: Json) => BigInt(j.round ?? round) === round)
        .map((j: Json, i: number) => {
          const key = jurorKeys.find((k) => addr(k) === j.juror);
          if (!key) throw new Error(`juror ${j.juror} drawn for case ${caseId} is none of the bench's wallets`);
          return { key, juror: j.juror as Address, findings: findingsOf(i), salt: keccak256(toHex(`salt of ${j.juror} in case ${caseId}`)) };
        });
      for (const j of drawn) {
        const commitment = juryCommitment(juryCaseId, round, j.juror, j.findings.map((f) => FINDING[f]), j.salt);
        const signature = await signJuryCommit(privateKeyToAccount(j.key), court, chainId, { caseId: juryCaseId, round, juror: j.juror, commitment });
        const res = await api.send(courtCommit, { params: { id: caseId }, body: { commitment, signature } }, j.key);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const reveal = await advance(caseId, byKey); // every juror committed: the reveal period starts early
      expect(reveal.body.case.period).toBe("reveal");
      for (const j of drawn) {
        const reasons = j.findings.map((f, k) => `claim ${k + 1}: ${f}`);
        const signature = await signJuryReveal(privateKeyToAccount(j.key), court, chainId, { caseId: juryCaseId, round, juror: j.juror, findings: j.findings.map((f) => FINDING[f]), reasons, salt: j.salt });
        const res = await api.send(courtReveal, { params: { id: caseId }, body: { findings: [...j.findings], reasons, salt: j.salt, signature } }, j.key);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await options.beforeFinal?.();
      if (options.finalOnChain) {
        const hash = await chain.walletOf(options.finalOnChain).writeContract({ address: court, abi: juryCourtAbi, functionName: "advancePeriod", args: [juryCaseId] });
        expect((await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
        for (let i = 0; i < 150; i++) {
          const shown = await api.send(courtCase, { params: { id: caseId } });
          if (shown.body.case?.period === "final") return shown;
          await new Promise((r) => setTimeout(r, 200));
        }
        throw new Error(`case ${caseId} did not become final on the bridge`);
      }
      let last = await advance(caseId, byKey);
      // a pool large enough to seat the next round's jurors opens an appeal period; nobody funds it here
      if (last.body.case.period === "appeal") {
        await pastPeriod(last.body.case.periodEndsAt);
        last = await advance(caseId, byKey);
      }
      expect(last.body.case, JSON.stringify(last.body.case)).toMatchObject({ period: "final", status: "closed" });
      return last;
    },
  };
}
