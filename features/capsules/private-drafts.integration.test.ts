import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { pathOf } from "@/lib/api/request";
import { adsOfCapsule } from "@/features/ads/of-capsule.endpoint";
import { capsuleAds } from "@/features/ads/capsule-ads.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleDisputes } from "@/features/court/capsule-disputes.endpoint";
import { capsuleEvidence } from "@/features/capsules/evidence.endpoint";
import { capsuleHistory } from "@/features/revisions/history.endpoint";
import { capsuleLabels } from "@/features/court/capsule-labels.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleRights } from "@/features/rights/capsule-rights.endpoint";
import { capsuleSupporting } from "@/features/capsules/supporting.endpoint";
import { DRAFT_READ_ACTION } from "@/lib/endpoints/define";
import { walletActivity } from "@/features/wallet/activity.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { vaultObject } from "@/features/vault/object.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { eventually } from "@/features/outlets/outlets.test-support";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient, signedToken } from "@/test/support/bridge-client";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { addr, chainAccess, deployedContracts, expectError, grantRole, sha, staffedDesk, type Api, type Json } from "./capsules.test-support";

// Issue 15, finding 9: drafts are private. An attacker without a token, with a token of another
// wallet, with a colleague's role, or with a token made for another request, learns nothing of a
// draft — not its text, not even that it exists. Its author and its outlet's Editors read it with
// a signed read (action capsules.drafts.read), which is never cacheable by a shared cache.

const dialects = await dialectsUnderTest();
const [, ownerKey, , journalistKey, outsiderKey, reporterKey] = devKeys;
const [journalist, outsider] = [addr(journalistKey), addr(outsiderKey)];
const SLUG = "private-desk";
const SECRET = "Mayor-resignation-scoop-7f3a";
const BY_ID = [capsuleRead, capsuleHistory, capsuleEvidence, capsuleSupporting, capsuleLabels, capsuleDisputes, capsuleRights, capsuleAds];

describe.each(dialects)("private drafts on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let draftId = "";
  const missing = "999999";

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_RATE_AUTH_FAILURES_PER_MIN: "1000" } }));
    chain = chainAccess(stack, await deployedContracts(api));
    // the owner is the outlet's Editor
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[journalistKey, "100"], [reporterKey, "50"]],
      roles: [[journalistKey, ROLE.JOURNALIST], [reporterKey, ROLE.REPORTER]],
    });
    const created = await api.send(
      capsuleCreate,
      {
        body: {
          title: SECRET,
          body: `${SECRET} body text`,
          outletSlug: SLUG,
          evidence: [{ uri: `https://archive.example.org/${SECRET}`, contentHash: sha(9), evidenceType: "archived_page", mimeType: "text/html", isPrimary: true, label: SECRET }],
        },
      },
      journalistKey,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    draftId = created.body.capsuleId;
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("answers every anonymous by-id read of a draft exactly like a missing id", async () => {
    for (const read of BY_ID) {
      const res = await api.send(read, { params: { id: draftId } });
      expectError(res, 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
      const absent = await api.send(read, { params: { id: missing } });
      expect(absent.status).toBe(404);
      expect(res.text.replace(draftId, missing)).toBe(absent.text);
    }
    expectError(await api.send(adsOfCapsule, { params: { capsuleId: draftId } }), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
    expect((await api.rawAt(capsuleRead, { id: draftId }, "HEAD")).status).toBe(404);
  });

  it("leaves drafts out of anonymous lists and activity, with no trace of their text", async () => {
    for (const query of [{ status: "draft" }, { status: "draft", outlet: SLUG }, {}, { outlet: SLUG }, { limit: 100, page: 1 }]) {
      const res = await api.send(capsuleList, { query });
      const label = JSON.stringify(query);
      expect(res.status, label).toBe(200);
      expect(res.body.items, label).toEqual([]);
      expect(res.body.total, label).toBe(0);
    }
    const activity = await api.send(walletActivity, { params: { address: journalist } });
    expect(activity.status).toBe(200);
    expect(activity.text).not.toContain(SECRET);
    expect(activity.body.items.filter((item: Json) => item.subjectId === draftId)).toEqual([]);
  });

  it("refuses to show the draft to another wallet, to a colleague who is not an Editor, and to forged or reused tokens", async () => {
    for (const key of [outsiderKey, reporterKey]) {
      expectError(await api.send(capsuleRead, { params: { id: draftId } }, key), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
      expectError(await api.send(capsuleEvidence, { params: { id: draftId } }, key), 404, "CAPSULE_NOT_FOUND", `No capsule with id ${draftId}`);
      const list = await api.send(capsuleList, { query: { status: "draft" } }, key);
      expect(list.body).toMatchObject({ ok: true, items: [], total: 0 });
      const activity = await api.send(walletActivity, { params: { address: journalist } }, key);
      expect(activity.text).not.toContain(SECRET);
    }
    const path = pathOf(capsuleRead, { id: draftId });
    // a token for another path, another action, another method; a replay; a garbled header; a wallet it does not recover to
    const otherPath = await signedToken(journalistKey, DRAFT_READ_ACTION, pathOf(capsuleRead, { id: missing }), undefined, "GET");
    expectError(await api.raw("GET", path, { token: otherPath }), 401, "UNAUTHORIZED", "Action token does not match the request path");
    const write = await signedToken(journalistKey, capsuleCreate.action, path, undefined, "GET");
    expectError(await api.raw("GET", path, { token: write }), 401, "UNAUTHORIZED", `Action token is for '${capsuleCreate.action}', not '${DRAFT_READ_ACTION}'`);
    const post = await signedToken(journalistKey, DRAFT_READ_ACTION, path, undefined, "POST");
    expectError(await api.raw("GET", path, { token: post }), 401, "UNAUTHORIZED", "Action token does not match the request method");
    const once = await signedToken(journalistKey, DRAFT_READ_ACTION, path, undefined, "GET");
    expect((await api.raw("GET", path, { token: once })).status).toBe(200);
    expectError(await api.raw("GET", path, { token: once }), 401, "UNAUTHORIZED", "Action token has already been used");
    expectError(await api.raw("GET", path, { headers: { authorization: "Bearer nonsense" } }), 401, "UNAUTHORIZED", "Malformed action token");
    expectError(await api.raw("GET", path, { headers: { authorization: "Basic am91cm5hbGlzdDpwdw==" } }), 401, "UNAUTHORIZED", "Authorization header must be 'Bearer <action token>'");
    const theirs = await signedToken(outsiderKey, DRAFT_READ_ACTION, path, undefined, "GET");
    const [payload, signature] = [theirs.slice(0, theirs.lastIndexOf(".")), theirs.slice(theirs.lastIndexOf(".") + 1)];
    const claimed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString("utf8")), wallet: journalist }), "utf8").toString("base64url");
    expectError(await api.raw("GET", path, { token: `${claimed}.${signature}` }), 401, "INVALID_SIGNATURE", "The action token's signature does not recover to its wallet");
    expect(outsider).not.toBe(journalist);
  });

  it("shows the draft to its author and to the outlet's Editor through a signed read, never cacheable publicly", async () => {
    for (const key of [journalistKey, ownerKey] as Hex[]) {
      const read = await api.send(capsuleRead, { params: { id: draftId } }, key);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.capsule).toMatchObject({ id: draftId, title: SECRET, status: "draft" });
      expect(read.headers.get("cache-control")).toBe("private, no-store");
      expect(read.headers.get("vary")).toMatch(/Authorization/i);
      for (const byId of BY_ID) expect((await api.send(byId, { params: { id: draftId } }, key)).status, byId.id).toBe(200);
      const drafts = await api.send(capsuleList, { query: { status: "draft", outlet: SLUG } }, key);
      expect(drafts.body).toMatchObject({ total: 1, items: [{ id: draftId, title: SECRET }] });
      const all = await api.send(capsuleList, {}, key);
      expect(all.body.items.map((c: Json) => c.id)).toEqual([draftId]);
    }
    const own = await api.send(walletActivity, { params: { address: journalist } }, journalistKey);
    expect(own.body.items.find((item: Json) => item.kind === "capsule.created" && item.subjectId === draftId)).toMatchObject({ details: { title: SECRET } });
    const anonymous = await api.send(capsuleRead, { params: { id: missing } });
    expect(anonymous.headers.get("vary")).toMatch(/Authorization/i);
  });
  it("tells nobody else of a draft's vault files, or of the draft a public capsule's supporting relation names", async () => {
    const filename = `${SECRET}-memo.txt`;
    const content = Buffer.from(`${SECRET} memo`).toString("base64");
    const uploaded = await api.send(vaultUpload, { body: { filename, mimeType: "text/plain", contentBase64: content, capsuleId: draftId } }, journalistKey);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const objectId = uploaded.body.object.objectId as string;
    expect(uploaded.body.object.capsuleId).toBe(draftId);

    // the uploader's public activity does not list the file; its own signed read does
    for (const key of [undefined, outsiderKey, ownerKey]) {
      const activity = await api.send(walletActivity, { params: { address: journalist } }, key);
      expect(activity.status).toBe(200);
      expect(activity.text).not.toContain(objectId);
      expect(activity.text).not.toContain(`${SECRET}-memo`);
      // the outlet's Editor may read the draft itself, not the author's vault
      if (key !== ownerKey) expect(activity.text).not.toContain(SECRET);
    }
    const own = await api.send(walletActivity, { params: { address: journalist } }, journalistKey);
    expect(own.body.items.filter((item: Json) => item.kind === "vault.uploaded").map((item: Json) => item.subjectId)).toEqual([objectId]);

    // the record does not name the draft to a stranger, nor to a colleague uploading the same bytes; the draft's Editor sees it
    const record = await api.send(vaultObject, { params: { objectId } });
    expect(record.status).toBe(200);
    expect(record.body.object).toMatchObject({ objectId, capsuleId: null });
    const again = { filename: "copy.txt", mimeType: "text/plain", contentBase64: content };
    const byReporter = await api.send(vaultUpload, { body: again }, reporterKey);
    expect(byReporter.body).toMatchObject({ created: false, object: { objectId, capsuleId: null } });
    const byEditor = await api.send(vaultUpload, { body: again }, ownerKey);
    expect(byEditor.body).toMatchObject({ created: false, object: { objectId, capsuleId: draftId } });

    // a public capsule (on chain) that its Editor relates to the draft: the relation's activity names the draft
    await chain.deposit(ownerKey, "250");
    await grantRole(api, ownerKey, SLUG, ownerKey, 3); // the owner's Editor role, bonded: the outlet can vote
    const published = await api.send(capsuleCreate, { body: { title: "Harbour budget", body: "Harbour budget: the facts.", outletSlug: SLUG } }, ownerKey);
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const publicId = published.body.capsuleId as string;
    const submitted = await api.send(capsuleSubmit, { params: { id: publicId }, body: {} }, ownerKey);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await chain.submitOnChain(ownerKey, submitted.body as Json);
    await eventually(async () => ((await api.send(capsuleRead, { params: { id: publicId } })).status === 200 ? true : undefined), `capsule ${publicId} public`);
    const related = await api.send(capsuleSupportingAdd, { params: { id: publicId }, body: { supportingCapsuleId: draftId, relationshipType: "cites" } }, ownerKey);
    expect(related.status, JSON.stringify(related.body)).toBe(201);
    const relation = (item: Json) => item.kind === "capsule.supporting_added" && item.subjectId === publicId;
    for (const key of [undefined, outsiderKey, reporterKey]) {
      const activity = await api.send(walletActivity, { params: { address: addr(ownerKey) } }, key);
      expect(activity.body.items.filter(relation)).toEqual([]);
      expect(activity.body.items.some((item: Json) => item.kind === "capsule.created" && item.subjectId === publicId)).toBe(true);
    }
    const seenByAuthor = await api.send(walletActivity, { params: { address: addr(ownerKey) } }, journalistKey);
    expect(seenByAuthor.body.items.filter(relation).map((item: Json) => item.details.supportingCapsuleId)).toEqual([draftId]);
  });
});
