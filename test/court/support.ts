import { expect } from "vitest";
import { createHash } from "node:crypto";
import { burnPoolAbi, integrityCourtAbi } from "@/lib/chain/abi";
import type { Hex } from "viem";
import { chainAccess, sha, type Api, type Contracts, type Json } from "../capsules/support";
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
  const created = await api.post<Json>("/api/capsules/create", "capsules.create", opts.authorKey, {
    title: opts.title,
    body,
    outletSlug: opts.outletSlug,
    category: opts.category,
    tags: ["court-test"],
    sourceUrl: "https://records.example.org/doc",
    rightsNotes: "All rights reserved",
    evidence: [{ uri: "https://archive.example.org/doc/1", contentHash: sha(Number.parseInt(sha256(opts.title).slice(2, 10), 16)), evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: "Source document" }],
    status: "draft",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const capsuleId = created.body.capsuleId as string;
  const evidenceId = created.body.evidence[0].evidenceId as string;
  const submitPath = `/api/capsules/${capsuleId}/submit`;
  const voucher = await api.post<Json>(submitPath, "capsules.submit", opts.authorKey, {});
  expect([200, 201], JSON.stringify(voucher.body)).toContain(voucher.status);
  await chain.submitOnChain(opts.authorKey, voucher.body);
  const ballot = await chain.ballot(opts.voterKey, capsuleId, opts.support ?? true);
  const voted = await api.post<Json>(`/api/capsules/${capsuleId}/vote`, "capsules.vote", opts.voterKey, ballot);
  expect([200, 201], JSON.stringify(voted.body)).toContain(voted.status);
  await chain.increaseTime(259_200 + 5);
  const accepted = await api.post<Json>(`/api/capsules/${capsuleId}/accept`, "capsules.accept", opts.authorKey, { capsuleId });
  expect([200, 201], JSON.stringify(accepted.body)).toContain(accepted.status);
  const expected = opts.support === false ? "rejected" : "finalized";
  // the accept answer may precede the indexed CapsuleFinalized; the read model catches up
  for (let i = 0; i < 100; i++) {
    const read = await api.get<Json>(`/api/capsules/${capsuleId}`);
    if (read.body.capsule?.status === expected) return { capsuleId, evidenceId };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`capsule ${capsuleId} did not become ${expected}: ${JSON.stringify(accepted.body)}`);
}
