import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { devKeys } from "@/test/support/anvil";
import type { DatabaseHandle } from "@/lib/db/connection";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { ZCapsuleProofResponse, type TCapsuleProof } from "@/features/reader/capsule-proof";
import { verifyProof, type Check } from "@/features/reader/verify-proof";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { activeOutlet, courtChain, finalizedCapsule, finalizedCorrection, juryDriver, type Api } from "@/features/court/court.test-support";

// The integrity label a reader sees is checked against the node: the proof names the JuryCourt log it follows
// from (CaseOpened while the case is open, CaseFinal with its articleFinding once it is decided), and verify
// reads that log and every later case on the article from --rpc. A bridge that shows another label, or names
// an older fact than the chain's newest, fails the "label" check.

const dialects = await dialectsUnderTest();
const [, ownerKey, , , , , , disputerKey] = devKeys;
const SLUG = "label-verify";

describe.each(dialects)("verify checks the integrity label against the node on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let handle: DatabaseHandle;
  let jury: ReturnType<typeof juryDriver>;
  let jurorKeys: Hex[];
  let registry = "";
  let capsuleId = "";
  let caseId = "";
  let contested: TCapsuleProof | undefined;
  let chain: ReturnType<typeof courtChain>;

  const proofWith = (label: string, id = capsuleId) =>
    eventually(async () => {
      const res = await api.send(capsuleProof, { params: { id } });
      return res.status === 200 && res.body.label?.value === label ? ZCapsuleProofResponse.parse(res.body) : undefined;
    }, `the proof with label ${label}`);
  const verify = async (proof: TCapsuleProof, id = capsuleId): Promise<Check> => {
    const body = (await api.send(capsuleRead, { params: { id } })).body.content.body as string;
    const checks = await verifyProof(id, proof, body, stack.nodeRpcUrl, registry);
    expect(checks.filter((c) => !c.ok && c.name !== "label"), JSON.stringify(checks)).toEqual([]);
    return checks.find((c) => c.name === "label")!;
  };

  beforeAll(async () => {
    ({ stack, dns, api, handle, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_COURT_REPLY_WINDOW_SECONDS: "0" }, withDatabase: true }));
    const contracts = await deployedContracts(api, "integrityCourt", "juryCourt");
    registry = contracts.articleRegistry.address;
    chain = courtChain(stack, contracts);
    jury = juryDriver(stack, api, chain, contracts.juryCourt.address);
    await chain.deposit(ownerKey, "1000");
    await chain.deposit(disputerKey, "10");
    await activeOutlet(api, dns, ownerKey, SLUG);
    jurorKeys = await jury.seatBench(dns, "label-bench");
    const made = await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title: "Reservoir levels at ninety percent", category: "city", claims: ["ninety percent"] });
    capsuleId = made.capsuleId;
    const opened = await jury.dispute(disputerKey, capsuleId, { grounds: "The water board reports nine percent, not ninety.", claimIds: made.claimIds });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    caseId = opened.body.case.caseId;
  }, 300_000);

  afterAll(async () => {
    await stopDesk?.();
  });

  it("a bridge cannot pass a disputed article off as never labelled: the node holds its CaseOpened", async () => {
    const proof = await proofWith("contested");
    expect(proof.label.chainCapsuleIds).toEqual([capsuleId]);
    const clean: TCapsuleProof = { ...proof, label: { ...proof.label, value: "clean", basis: { kind: "none" } } };
    const check = await verify(clean);
    expect(check.ok, check.detail).toBe(false);
    expect(check.detail).toMatch(/later JuryCourt CaseOpened of case \d+/);
  });

  it("while the case is open the label is contested, and verify reads the CaseOpened it follows from", async () => {
    contested = await proofWith("contested");
    expect(contested.label.basis).toMatchObject({ kind: "juryCaseOpened", capsuleId });
    const check = await verify(contested);
    expect(check, check.detail).toMatchObject({ ok: true });
    expect(check.detail).toMatch(/^"contested" follows from JuryCourt 0x[0-9a-fA-F]{40} CaseOpened at block \d+/);
  });

  it("once the jury's finding is final the label is that finding, and verify reads the CaseFinal and its articleFinding", async () => {
    await jury.decide(caseId, jurorKeys, ["misleading"], disputerKey);
    const proof = await proofWith("misleading");
    expect(proof.label.basis).toMatchObject({ kind: "juryFinding", articleFinding: 2 });
    expect(proof.label.endedWithoutFinding).toEqual([]);
    const check = await verify(proof);
    expect(check, check.detail).toMatchObject({ ok: true });
    expect(check.detail).toContain("CaseFinal");
    expect(check.detail).toContain("ended with articleFinding 2");
    expect(check.detail).toContain(`the node holds no later JuryCourt CaseOpened or CaseFinal on capsule ${capsuleId}`);
  });

  it("a label the bridge changed in SQL, a finding it made up, or the stale contested label all fail the label check", async () => {
    // the SQL label is tampered: the proof still names the CaseFinal, which gives misleading
    await handle.db.updateTable("capsules").set({ integrity_label: "verified" }).where("id", "=", Number(capsuleId)).execute();
    try {
      const tampered = await proofWith("verified");
      const check = await verify(tampered);
      expect(check.ok, check.detail).toBe(false);
      expect(check.detail).toContain('the bridge shows "verified"');
      expect(check.detail).toContain('gives "misleading"');
    } finally {
      await handle.db.updateTable("capsules").set({ integrity_label: "misleading" }).where("id", "=", Number(capsuleId)).execute();
    }
    const proof = await proofWith("misleading");
    // a served proof that makes the finding up: the node's CaseFinal says 2 (misleading)
    if (proof.label.basis.kind !== "juryFinding") throw new Error("expected a jury finding");
    const madeUp = await verify({ ...proof, label: { ...proof.label, value: "verified", basis: { ...proof.label.basis, articleFinding: 1 } } });
    expect(madeUp.ok, madeUp.detail).toBe(false);
    expect(madeUp.detail).toMatch(/ends case \d+ with articleFinding 2; the proof says case \d+ with 1/);
    // a served proof that keeps the contested label of the open case: the node holds its CaseFinal after it
    const stale = await verify(contested!);
    expect(stale.ok, stale.detail).toBe(false);
    expect(stale.detail).toMatch(/later JuryCourt CaseFinal of case \d+/);
    // a served proof that hides the article's capsule from the chain it names
    const hidden = await verify({ ...proof, label: { ...proof.label, chainCapsuleIds: [] } });
    expect(hidden.ok, hidden.detail).toBe(false);
  });

  it("an article contested by two cases, one ended without a finding: the label follows from the case still open", async () => {
    // case A on the first version, case B on its correction; B ends with no juror revealing while A is open
    const first = await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title: "Ferry fares frozen until spring", category: "transport" });
    const caseA = await jury.dispute(disputerKey, first.capsuleId, { grounds: "The operator raised fares in January." });
    expect(caseA.status, JSON.stringify(caseA.body)).toBe(201);
    const correction = await finalizedCorrection(api, chain, { ofId: first.capsuleId, authorKey: ownerKey, voterKey: ownerKey, reason: "The freeze covers weekday fares only" });
    const caseB = await jury.dispute(disputerKey, correction, { grounds: "Weekend fares rose too, says the timetable." });
    expect(caseB.status, JSON.stringify(caseB.body)).toBe(201);
    let shown = caseB.body;
    for (const period of ["commit", "reveal", "final"]) {
      await jury.pastPeriod(shown.case.periodEndsAt);
      shown = (await jury.advance(caseB.body.case.caseId, disputerKey)).body;
      expect(shown.case.period).toBe(period);
    }
    expect(shown.case).toMatchObject({ status: "closed", verdict: null });

    const proofOf = async () => ZCapsuleProofResponse.parse((await api.send(capsuleProof, { params: { id: correction } })).body);
    const proof = await eventually(async () => {
      const p = await proofOf();
      return p.label.endedWithoutFinding.length === 1 ? p : undefined;
    }, "the proof listing case B as ended without a finding");
    expect(proof.label.value).toBe("contested");
    expect(proof.label.chainCapsuleIds).toEqual([first.capsuleId, correction]);
    // B's own contest is over: the basis is A's CaseOpened on the first version
    expect(proof.label.basis).toMatchObject({ kind: "juryCaseOpened", caseId: caseA.body.case.juryCaseId, capsuleId: first.capsuleId });
    const check = await verify(proof, correction);
    expect(check, check.detail).toMatchObject({ ok: true });

    // a proof that names B's opening as the contest fails: the node holds B's CaseFinal after it
    const ended = proof.label.endedWithoutFinding[0]!;
    expect(ended.caseId).toBe(caseB.body.case.juryCaseId);
    const overContest = await verify({ ...proof, label: { ...proof.label, basis: { kind: "juryCaseOpened", caseId: ended.caseId, capsuleId: ended.capsuleId, log: ended.opened } } }, correction);
    expect(overContest.ok, overContest.detail).toBe(false);
    expect(overContest.detail).toMatch(new RegExp(`later JuryCourt CaseFinal of case ${ended.caseId} `));

    // A ends without a finding too: the label B recorded as before it is put back — `corrected`, which the correction's
    // finalization gave the article while A was open — and follows from that CapsuleFinalized, not from before A
    let a = (await api.send(courtCase, { params: { id: caseA.body.case.caseId } })).body;
    for (const period of ["commit", "reveal", "final"]) {
      await jury.pastPeriod(a.case.periodEndsAt);
      a = (await jury.advance(caseA.body.case.caseId, disputerKey)).body;
      expect(a.case.period).toBe(period);
    }
    const restored = await proofWith("corrected", correction);
    expect(restored.label.basis).toMatchObject({ kind: "authorRevision", capsuleId: correction, capsuleType: "correction" });
    expect(restored.label.endedWithoutFinding.map((c) => c.caseId).sort()).toEqual([caseA.body.case.juryCaseId, caseB.body.case.juryCaseId].sort());
    const put = await verify(restored, correction);
    expect(put, put.detail).toMatchObject({ ok: true });
    // the restored label with one of the two ended cases left out of the proof: its CaseOpened is a later fact
    const hiding = await verify({ ...restored, label: { ...restored.label, endedWithoutFinding: restored.label.endedWithoutFinding.slice(0, 1) } }, correction);
    expect(hiding.ok, hiding.detail).toBe(false);
  }, 300_000);
});
