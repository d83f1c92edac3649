import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleLabels } from "@/features/court/capsule-labels.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { courtCase } from "@/features/court/case.endpoint";
import { inboxRead } from "@/features/inbox/read.endpoint";
import { openDatabase } from "@/lib/db/connection";
import type { Db } from "@/lib/db/database";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { insertCase, insertCaseEvent } from "@/features/court/court.repository";
import { insertReplyWindow } from "@/features/court/court-replies.repository";
import { CLERK_CASE_RETIRED } from "@/features/court/clerk-retirement";
import { applyLabel } from "@/features/court/labels";
import { retireClerkCases } from "@/features/court/retire-clerk-cases";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { createTestDatabase } from "@/test/support/postgres";
import { dialectsUnderTest, startStack, type Stack } from "@/test/support/stack";
import { startTestDns } from "@/features/outlets/dns-server.test-support";
import { deployedContracts } from "@/features/capsules/capsules.test-support";
import { addr, courtChain, finalizedCapsule, staffedDesk, type Api, type Json } from "./court.test-support";

// The clerk court is retired (a jury decides every dispute): a clerk case an older version left open is
// closed without a finding when the server starts (scripts/start.ts, the leader's "clerk case retirement"),
// its label goes back to the one before the case, its timeline says so, and the challenger and the
// capsule's parties are told they may open a jury case. A second run changes nothing; two at once retire
// a case once. The clerk cases are written through the repositories as the older version wrote them.

const dialects = await dialectsUnderTest();
const [operatorKey, ownerKey, , , , editorKey, , disputerKey] = devKeys;
const [operator, owner, editor, disputer] = [addr(operatorKey), addr(ownerKey), addr(editorKey), addr(disputerKey)];
const SLUG = "clerk-era";
const GROUNDS = "The harbour log shows 40 passengers, not 400 as the article says.";

/** What the version before the jury court did on POST /api/capsules/:id/dispute without openTxHash. */
async function openClerkCaseAsBefore(db: Db, capsuleId: number, by: string, at: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const capsule = await getCapsuleOrThrow(trx, capsuleId);
    const created = await insertCase(trx, {
      capsule_id: capsule.id, root_capsule_id: capsule.root_capsule_id ?? capsule.id, outlet_id: capsule.outlet_id, outlet_slug: capsule.outlet_slug,
      opened_by: by, grounds: GROUNDS, claim: "400 passengers", evidence_id: null, requested_label: "misleading", label_before: capsule.integrity_label,
      status: "open", verdict: null, rationale: null, decided_by: null, opened_at: at, closed_at: null,
    });
    await insertCaseEvent(trx, { caseId: created.id, kind: "opened", actor: by, details: { capsuleId: String(capsule.id), grounds: GROUNDS }, at });
    await applyLabel(trx, { capsuleId: capsule.id, label: "contested", by, reason: `court case ${created.id} opened`, caseId: created.id, at });
    await insertReplyWindow(trx, created.id, at + 86_400);
    return created.id;
  });
}

describe.each(dialects)("the clerk court's open cases are retired at start on %s", (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-clerk-retirement-"));
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let stack: Stack | undefined;
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let api: Api;
  let handle: ReturnType<typeof openDatabase>;
  const capsuleIds: string[] = [];
  const caseIds: number[] = [];
  const env = () => ({ CAPSULE_DNS_SERVERS: dns.server, CAPSULE_DNS_TIMEOUT_MS: "3000", CAPSULE_RATE_WRITE_PER_MIN: "1000", CAPSULE_RATE_PUBLIC_GET_PER_MIN: "1000" });
  const start = async () => {
    stack = await startStack({ database: dialect, dataDir, databaseUrl: pg?.url, env: env() });
    api = bridgeClient(stack.baseUrl);
    handle = openDatabase({ databaseUrl: pg?.url, sqliteFile: path.join(dataDir, "capsule.sqlite") });
  };
  const stop = async () => {
    await handle.close();
    await stack?.stop();
    stack = undefined;
  };
  const inboxOf = async (key: Hex) => ((await api.send(inboxRead, { body: { limit: 100 } }, key)).body.items as Json[]).filter((i) => i.kind === "inbox.case_retired");
  /** Everything the retirement writes, to compare before and after a second run. */
  const snapshot = async (caseId: number, capsuleId: string) => ({
    case: (await api.send(courtCase, { params: { id: String(caseId) } })).body,
    labels: (await api.send(capsuleLabels, { params: { id: capsuleId } })).body,
    inbox: await Promise.all([disputerKey, ownerKey, editorKey].map(inboxOf)),
    partnerEvents: (await handle.db.selectFrom("partner_events").select("id").execute()).length,
  });

  beforeAll(async () => {
    dns = await startTestDns();
    pg = dialect === "postgres" ? await createTestDatabase() : undefined;
    await start();
    const chain = courtChain(stack!, await deployedContracts(api, "integrityCourt"));
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "1000"], [editorKey, "300"], [disputerKey, "10"]],
      roles: [[editorKey, ROLE.EDITOR]],
    });
    for (const title of ["Ferry disaster averted", "Harbour crane toppled"]) {
      capsuleIds.push((await finalizedCapsule(api, chain, { authorKey: ownerKey, voterKey: ownerKey, outletSlug: SLUG, title, category: "city" })).capsuleId);
    }
    caseIds.push(await openClerkCaseAsBefore(handle.db, Number(capsuleIds[0]), disputer, Math.floor(Date.now() / 1000)));
    expect((await api.send(capsuleRead, { params: { id: capsuleIds[0]! } })).body.capsule.integrityLabel).toBe("contested");
    await stop();
    await start();
  }, 400_000);

  afterAll(async () => {
    if (stack) await stop();
    await pg?.drop();
    await dns?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("closes the case at start with no verdict, the label back to the one before, in the timeline and the label history", async () => {
    expect(stack!.output()).toContain(`retired 1 open clerk case(s) without a finding: #${caseIds[0]}`);
    const [caseId, capsuleId] = [String(caseIds[0]), capsuleIds[0]!];
    const answer = (await api.send(courtCase, { params: { id: caseId } })).body;
    expect(answer.case).toMatchObject({ caseId, court: "clerk", status: "closed", verdict: null, rationale: CLERK_CASE_RETIRED, decidedBy: null, labelBefore: "clean" });
    expect(answer.capsule).toEqual({ capsuleId, integrityLabel: "clean", distributionActive: true });
    expect(answer.timeline.map((e: Json) => e.kind)).toEqual(["opened", "label_changed", "retired", "label_changed"]);
    expect(answer.timeline[2]).toMatchObject({ kind: "retired", actor: operator, details: { reason: CLERK_CASE_RETIRED, labelRestored: "clean" } });
    expect(answer.timeline[3]).toMatchObject({ kind: "label_changed", actor: operator, details: { from: "contested", to: "clean" } });
    expect((await api.send(capsuleRead, { params: { id: capsuleId } })).body.capsule.integrityLabel).toBe("clean");
    const labels = await api.send(capsuleLabels, { params: { id: capsuleId } });
    expect(labels.body.items.map((l: Json) => [l.previousLabel, l.label, l.appliedBy, l.caseId])).toEqual([
      ["clean", "contested", disputer, caseId],
      ["contested", "clean", operator, caseId],
    ]);
    // partner webhooks hear of the label change like any other (features/partners)
    const events = await handle.db.selectFrom("partner_events").selectAll().execute();
    expect(events.filter((e) => JSON.stringify(e).includes(`court:${caseId}:${capsuleId}:clean`))).toHaveLength(1);
  });

  it("tells the challenger, the author, the owner and the Editors that a jury case may be opened", async () => {
    for (const key of [disputerKey, ownerKey, editorKey]) {
      const items = await inboxOf(key);
      expect(items, addr(key)).toHaveLength(1);
      expect(items[0]).toMatchObject({ caseId: String(caseIds[0]), capsuleId: capsuleIds[0], message: `Case #${caseIds[0]} on “Ferry disaster averted” ended without a finding: the clerk court was retired. Its label is Clean again; a jury case may be opened on it.` });
    }
    expect([owner, editor, disputer]).not.toContain(operator);
  });

  it("shows the case and the article as ended without a finding, never as decided by a clerk", async () => {
    const read = await (await fetch(`${stack!.baseUrl}/read/${capsuleIds[0]}`)).text();
    expect(read).toContain(`data-testid="reader-retired-case"`);
    expect(read).toContain(CLERK_CASE_RETIRED);
    expect(read).not.toMatch(/clerk (decides|decided|records)/i);
  });

  it("changes nothing when run again, and retires a case once when two servers run it at once", async () => {
    const before = await snapshot(caseIds[0]!, capsuleIds[0]!);
    expect(await retireClerkCases(handle.db, operator, Math.floor(Date.now() / 1000))).toEqual([]);
    expect(await snapshot(caseIds[0]!, capsuleIds[0]!)).toEqual(before);

    // another case as an older version left it, then two servers' runs at once
    caseIds.push(await openClerkCaseAsBefore(handle.db, Number(capsuleIds[1]), disputer, Math.floor(Date.now() / 1000)));
    const runs = await Promise.all([1, 2].map(() => retireClerkCases(handle.db, operator, Math.floor(Date.now() / 1000))));
    expect(runs.flat()).toEqual([caseIds[1]]);
    const second = await snapshot(caseIds[1]!, capsuleIds[1]!);
    expect(second.case.case).toMatchObject({ status: "closed", verdict: null });
    expect(second.case.timeline.filter((e: Json) => e.kind === "retired")).toHaveLength(1);
    expect(second.labels.items.map((l: Json) => l.label)).toEqual(["contested", "clean"]);
    expect(second.inbox.map((items) => items.length)).toEqual([2, 2, 2]);
  });
});
