import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { devKeys } from "@/test/support/anvil";
import { pathOf } from "@/lib/api/request";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleBadge } from "@/features/reader/badge.endpoint";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleDisputes } from "@/features/court/capsule-disputes.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { ZCapsuleProofResponse } from "@/features/reader/capsule-proof";
import { verifyProof } from "@/features/reader/verify-proof";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { activeOutlet, courtChain, finalizedCapsule, juryDriver, type Api } from "@/features/court/court.test-support";

// Issue 31 item 1: a court's finding stays with the article for ever. After a jury's final Misleading
// finding on a claim and an accepted correction (label now Corrected), the old version, the current
// version, the embed, the badge and the desk's case list (GET /api/capsules/:id/disputes) all still name
// the ruling and link to the case; the version the jury ruled on names the claim it ruled on.

const dialects = await dialectsUnderTest();
const [, ownerKey, , , , , , disputerKey] = devKeys;
const SLUG = "finding-kept";
/** The jury's finding as readers are told it (features/reader/article-notices.ts). */
const FINDING = "Claim ruled on: “400 passengers” (claim 1) — Misleading.";

describe.each(dialects)("a court finding survives a correction on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let original = "";
  let correction = "";
  let caseId = "";

  const page = async (path: string) => {
    const response = await fetch(`${stack.baseUrl}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_COURT_REPLY_WINDOW_SECONDS: "0" } }));
    const contracts = await deployedContracts(api, "integrityCourt", "juryCourt");
    const chain = courtChain(stack, contracts);
    const jury = juryDriver(stack, api, chain, contracts.juryCourt.address);
    await chain.deposit(ownerKey, "1000");
    await chain.deposit(disputerKey, "10");
    await activeOutlet(api, dns, ownerKey, SLUG);
    const jurorKeys = await jury.seatBench(dns, "finding-bench");
    const made = await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title: "Ferry disaster averted with 400 passengers", category: "city", claims: ["400 passengers"] });
    original = made.capsuleId;

    const opened = await jury.dispute(disputerKey, original, { grounds: "The harbour log shows 40 passengers, not 400.", claimIds: made.claimIds });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    caseId = opened.body.case.caseId;
    await jury.decide(caseId, jurorKeys, ["misleading"], disputerKey);

    // the author corrects the article; the editors accept; the label becomes Corrected
    const revision = await api.send(capsuleHistoryAdd, { params: { id: original }, body: { capsuleType: "correction", revisionReason: "The ferry carried 40 passengers.", body: "Ferry disaster averted.\nForty passengers were on board." } }, ownerKey);
    expect(revision.status, JSON.stringify(revision.body)).toBe(201);
    correction = revision.body.capsuleId;
    // the corrected text no longer quotes the claim the jury ruled on: the correction carries none
    const unclaimed = await api.send(capsuleClaimsSet, { params: { id: correction }, body: { claims: [] } }, ownerKey);
    expect(unclaimed.status, JSON.stringify(unclaimed.body)).toBe(200);
    const voucher = await api.send(capsuleSubmit, { params: { id: correction }, body: {} }, ownerKey);
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    await chain.submitOnChain(ownerKey, voucher.body);
    const voted = await api.send(capsuleVote, { params: { id: correction }, body: await chain.ballot(ownerKey, correction, true) }, ownerKey);
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    await chain.increaseTime(259_200 + 5);
    const accepted = await api.send(capsuleAccept, { params: { id: correction }, body: { capsuleId: correction } }, ownerKey);
    expect([200, 201], JSON.stringify(accepted.body)).toContain(accepted.status);
    for (let i = 0; i < 100 && (await api.send(capsuleRead, { params: { id: correction } })).body.capsule?.status !== "finalized"; i++) await new Promise((r) => setTimeout(r, 200));
    expect((await api.send(capsuleRead, { params: { id: correction } })).body.capsule).toMatchObject({ status: "finalized", integrityLabel: "corrected" });
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  it("both versions of /read/:id show the ruling and a link to the case; the version ruled on names the claim", async () => {
    expect(await page(`/read/${original}`)).toContain("Misleading");
    for (const id of [original, correction]) {
      const html = await page(`/read/${id}`);
      expect(html, `/read/${id}`).toContain(`data-testid="integrity-label" data-label="corrected"`);
      expect(html).toContain("Ruled Misleading before the article was corrected.");
      expect(html).toContain(`href="/court/${caseId}"`);
    }
  });

  it("the embed and the badge keep the ruling and the case of both versions", async () => {
    for (const id of [original, correction]) {
      const embed = await page(`/embed/${id}`);
      expect(embed).toContain(`The court ruled it Misleading (court case #${caseId})`);
      expect(embed).toContain(`${stack.baseUrl}/court/${caseId}`);
      const svg = await page(pathOf(capsuleBadge, { id }));
      expect(svg).toContain(`The court ruled it Misleading (court case #${caseId})`);
      expect(svg).toContain("Corrected · court: Misleading");
    }
    // the version the jury ruled on names the claim and its finding in the badge's title
    expect(await page(pathOf(capsuleBadge, { id: original }))).toContain(FINDING);
  });

  it("GET /api/capsules/:id/disputes lists the case on every version of the article", async () => {
    for (const id of [original, correction]) {
      const cases = await api.send(capsuleDisputes, { params: { id } });
      expect(cases.status).toBe(200);
      expect(cases.body).toMatchObject({ capsuleId: id, total: 1 });
      expect(cases.body.items[0]).toMatchObject({ caseId, capsuleId: original, verdict: "misleading", court: "jury", findings: [{ finding: "misleading" }] });
    }
  });

  it("the feeds keep the article under its first version's id, link the correction and date the correction", async () => {
    const finalizedAt = async (id: string) => Number((await api.send(capsuleRead, { params: { id } })).body.capsule?.finalizedAt);
    const [first, corrected] = [await finalizedAt(original), await finalizedAt(correction)];
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    type Entry = { id: string; link: { "@_href": string }; published: string; updated: string; category: { "@_term": string } };
    const feed = new XMLParser({ ignoreAttributes: false }).parse(await page(`/outlets/${SLUG}/feed.xml`)).feed as { entry: Entry | Entry[] };
    const entries = ([] as Entry[]).concat(feed.entry);
    // one entry for the article: a subscriber that already holds it sees it updated, not a second article
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: `${stack.baseUrl}/read/${original}`, link: { "@_href": `${stack.baseUrl}/read/${correction}` }, published: iso(first), category: { "@_term": "corrected" } });
    expect(Date.parse(entries[0]!.updated)).toBeGreaterThanOrEqual(corrected * 1000);
  });

  it("the proof of either version bases Corrected on the correction's CapsuleFinalized, after the jury's CaseFinal, and verify reads it from the node", async () => {
    for (const id of [original, correction]) {
      const proof = ZCapsuleProofResponse.parse((await api.send(capsuleProof, { params: { id } })).body);
      expect(proof.label).toMatchObject({ value: "corrected", chainCapsuleIds: [original, correction], basis: { kind: "authorRevision", capsuleId: correction, capsuleType: "correction" }, endedWithoutFinding: [] });
      const body = (await api.send(capsuleRead, { params: { id } })).body.content.body as string;
      const check = (await verifyProof(id, proof, body, stack.nodeRpcUrl)).find((c) => c.name === "label")!;
      expect(check, check.detail).toMatchObject({ ok: true });
      expect(check.detail).toMatch(new RegExp(`^"corrected" follows from ArticleRegistry 0x[0-9a-fA-F]{40} CapsuleFinalized at block \\d+, log \\d+ of 0x[0-9a-f]{64}: the correction ${correction} of capsule ${original} was finalized; the node holds no later JuryCourt`));
      // a proof that keeps the jury's Misleading past the correction: the node's CaseFinal gives it, but the label shown is Corrected
      const stale = { ...proof, label: { ...proof.label, value: "misleading" as const } };
      expect((await verifyProof(id, stale, body, stack.nodeRpcUrl)).find((c) => c.name === "label")?.ok).toBe(false);
    }
  });
});
