import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleEvidence } from "@/features/capsules/evidence.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleSupporting } from "@/features/capsules/supporting.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { MAX_EVIDENCE_ITEMS, MAX_SUPPORTING_RELATIONS } from "@/features/capsules/capsules.schema";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { chainAccess, deployedContracts, sha, staffedDesk, type Api, type Res } from "./capsules.test-support";

// The bounds on a capsule's parts over HTTP against the real stack: at most 50 evidence items and 50 related
// capsules, however many requests arrive at once (the count and the insert are one step under the capsule's lock,
// docs/DECISIONS.md), and a pair related twice at once is one relation and 409s, never a 500.

const dialects = await dialectsUnderTest();
const [, ownerKey, journalistKey] = devKeys;
const SLUG = "bounds-desk";
const BODY = "The council met on Tuesday.";

const statuses = (answers: Res[]) => answers.map((a) => a.status).sort();

describe.each(dialects)("the bounds on a capsule's parts on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;

  const create = async (title: string, extra: Record<string, unknown> = {}) => {
    const res = await api.send(capsuleCreate, { body: { title, body: BODY, outletSlug: SLUG, ...extra } as never }, journalistKey);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String((res.body as { capsuleId: string }).capsuleId);
  };
  const item = (n: number) => ({ uri: `https://example.org/item-${n}.pdf`, contentHash: sha(5000 + n), evidenceType: "document" as const, mimeType: "application/pdf", label: `Item ${n}` });

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000" } }));
    const chain = chainAccess(stack, await deployedContracts(api));
    await staffedDesk({ api, chain, dns, ownerKey, slug: SLUG, bonds: [[ownerKey, "750"], [journalistKey, "100"]], roles: [[journalistKey, ROLE.JOURNALIST]] });
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("takes no evidence item past the 50 a capsule lists when many arrive at once", async () => {
    const id = await create("Nearly full", { evidence: Array.from({ length: MAX_EVIDENCE_ITEMS - 4 }, (_, i) => item(i)) });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.send(capsuleEvidenceAdd, { params: { id }, body: item(100 + i) }, journalistKey)),
    );
    expect(statuses(answers)).toEqual([...Array(4).fill(201), ...Array(8).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toMatchObject({ ok: false, error: "CONFLICT", message: `Capsule ${id} already lists 50 evidence items, the most a capsule takes (50)` });
    }
    expect((await api.send(capsuleEvidence, { params: { id }, query: { limit: "1" } }, journalistKey)).body).toMatchObject({ total: MAX_EVIDENCE_ITEMS });
  });

  it("takes no related capsule past 50, one at a time or many at once, and a pair related twice at once is one relation", async () => {
    const others: string[] = [];
    for (let i = 0; i < MAX_SUPPORTING_RELATIONS + 8; i++) others.push(await create(`Related ${i}`));
    const id = await create("Well connected", { supportingCapsules: others.slice(0, MAX_SUPPORTING_RELATIONS - 6) });
    const relate = (other: string) => api.send(capsuleSupportingAdd, { params: { id }, body: { supportingCapsuleId: other, relationshipType: "cites" } }, journalistKey);

    const twice = await Promise.all(Array.from({ length: 4 }, () => relate(others[MAX_SUPPORTING_RELATIONS - 6]!)));
    expect(statuses(twice)).toEqual([201, 409, 409, 409]);
    for (const refused of twice.filter((a) => a.status === 409)) expect(refused.body).toMatchObject({ error: "CONFLICT", message: `Capsule ${others[MAX_SUPPORTING_RELATIONS - 6]} is already related to capsule ${id}` });

    const answers = await Promise.all(others.slice(MAX_SUPPORTING_RELATIONS - 5).map(relate)); // 13 more for the 5 places left
    expect(statuses(answers)).toEqual([...Array(5).fill(201), ...Array(8).fill(409)]);
    const full = { ok: false, error: "CONFLICT", message: `Capsule ${id} already lists 50 related capsules, the most a capsule takes (50)`, statusCode: 409 };
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual(full);
    expect((await api.send(capsuleSupporting, { params: { id }, query: { limit: "1" } }, journalistKey)).body).toMatchObject({ total: MAX_SUPPORTING_RELATIONS });

    const after = await create("One more");
    const refused = await relate(after);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(full);
  });
});
