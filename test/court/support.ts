import { expect } from "vitest";
import { createHash } from "node:crypto";
import { burnPoolAbi, integrityCourtAbi } from "@/lib/chain/abi";
import { capsuleAccept } from "@/lib/endpoints/capsules/accept";
import { capsuleCreate } from "@/lib/endpoints/capsules/create";
import { capsuleRead } from "@/lib/endpoints/capsules/read";
import { capsuleSubmit } from "@/lib/endpoints/capsules/submit";
import { capsuleVote } from "@/lib/endpoints/capsules/vote";
import type { Hex } from "viem";
import { chainAccess, sha, type Api, type Contracts } from "../capsules/support";
import type { Stack } from "../support/stack";

export { activeOutlet, addr, expectError, grantRole, type Api, type Json } from "../capsules/support";

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
  opts: { authorKey: Hex; voterKey: Hex; outletSlug: string; title: string; category: string; support?: boolean },
): Promise<{ capsuleId: string; evidenceId: string }> {
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
    if (read.body.capsule?.status === expected) return { capsuleId, evidenceId };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`capsule ${capsuleId} did not become ${expected}: ${JSON.stringify(accepted.body)}`);
}
