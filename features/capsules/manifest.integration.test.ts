import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleClaims } from "@/features/capsules/claims.endpoint";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleEvidenceAdd } from "@/features/capsules/evidence-add.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { errorCodesOf } from "@/lib/endpoints/define";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import { vaultObject } from "@/features/vault/object.endpoint";
import { pathOf } from "@/lib/api/request";
import { canonicalText, evidenceTree, type CapsuleManifest, type EvidenceLeaf } from "@/features/capsules/manifest";
import { ZCapsuleProofResponse } from "@/features/reader/capsule-proof";
import { verifyManifest, verifyProof } from "@/features/reader/verify-proof";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { addr, chainAccess, deployedContracts, expectError, sha, staffedDesk, type Api, type Contracts, type Json } from "./capsules.test-support";

// Issue 27 items 2, 3 and 7 over HTTP against the real stack (anvil, the indexer, SQL): the manifest built
// at submission, stored in the vault and resolvable by its CID, committed on chain with the evidence root
// and projected from the chain's event; the proof and `npm run verify`'s checks of the manifest and of each
// evidence item; evidence added after publication kept out of the manifest; corrections naming the
// claims they correct, with their own manifest, and the reader page saying so.

const dialects = await dialectsUnderTest();
const [, ownerKey, editorKey, journalistKey, outsiderKey] = devKeys;
const [editor, journalist] = [addr(editorKey), addr(journalistKey)];
const SLUG = "manifest-desk";
const WINDOW = 259_200;
const BODY = "Harbour fees rose 12 percent this year, the port said. The mayor called it fair.";
const sha256 = (bytes: Uint8Array | string) => `0x${createHash("sha256").update(bytes).digest("hex")}`;

describe.each(dialects)("the capsule manifest on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let contracts: Contracts;
  let id = "";
  let voucher: Json = {};
  let claimIds: string[] = [];
  let correctionId = "";
  const file = Buffer.from("port,fee\nA,112\n");
  let fileUri = "";

  const read = async (capsuleId: string, key?: Hex) => (await api.send(capsuleRead, { params: { id: capsuleId } }, key)).body;
  const vote = async (key: Hex, capsuleId: string) => api.send(capsuleVote, { params: { id: capsuleId }, body: await chain.ballot(key, capsuleId, true) }, key);
  const commitmentOf = (capsuleId: string) =>
    chain.publicClient.readContract({ address: contracts.articleRegistry.address, abi: articleRegistryAbi, functionName: "commitmentOf", args: [BigInt(capsuleId)] });
  /** Submits (the voucher answered), waits for pending, votes yes, closes the window and finalizes. */
  const publish = async (capsuleId: string) => {
    const res = await api.send(capsuleSubmit, { params: { id: capsuleId }, body: {} }, journalistKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await chain.submitOnChain(journalistKey, res.body);
    await eventually(async () => ((await read(capsuleId, journalistKey)).capsule.status === "pending" ? true : undefined), `capsule ${capsuleId} pending`);
    expect((await vote(editorKey, capsuleId)).status).toBe(200);
    await chain.increaseTime(WINDOW + 10);
    const accepted = await api.send(capsuleAccept, { params: { id: capsuleId }, body: { capsuleId } }, outsiderKey);
    expect(accepted.body.capsule?.status, JSON.stringify(accepted.body)).toBe("finalized");
    return res.body as Json;
  };

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000", CAPSULE_RATE_SUBMIT_PER_HOUR: "100" } }));
    contracts = await deployedContracts(api);
    chain = chainAccess(stack, contracts);
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "750"], [editorKey, "250"], [journalistKey, "100"]],
      roles: [[editorKey, ROLE.EDITOR], [journalistKey, ROLE.JOURNALIST]],
    });
    const uploaded = await api.send(vaultUpload, { body: { filename: "fees.csv", mimeType: "text/csv", contentBase64: file.toString("base64") } }, journalistKey);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
    fileUri = pathOf(vaultObject, { objectId: String(uploaded.body.object.objectId) });
    const created = await api.send(
      capsuleCreate,
      {
        body: {
          title: "Harbour fees",
          body: BODY,
          outletSlug: SLUG,
          evidence: [
            { uri: fileUri, contentHash: sha256(file), evidenceType: "data", mimeType: "text/csv", isPrimary: true, label: "Fee table" },
            { uri: "ipfs://bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e", contentHash: sha(21), evidenceType: "transcript", mimeType: "text/plain", isPrimary: false, label: "Council transcript" },
          ],
        },
      },
      journalistKey,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.capsuleId;
    const evidenceIds = created.body.evidence.map((e: Json) => e.evidenceId as string);
    const claims = await api.send(
      capsuleClaimsSet,
      {
        params: { id },
        body: {
          claims: [
            { exact: "Harbour fees rose 12 percent", claimType: "statistic", evidenceIds: [evidenceIds[0]] },
            { exact: "The mayor called it fair.", claimType: "attribution", evidenceIds: [evidenceIds[1], evidenceIds[0]], note: "Council meeting" },
          ],
        },
      },
      journalistKey,
    );
    expect(claims.status, JSON.stringify(claims.body)).toBe(200);
    claimIds = claims.body.items.map((c: Json) => c.claimId as string);
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("builds the manifest at submission, stores its exact bytes in the vault under its CID, and freezes the evidence", async () => {
    const res = await api.send(capsuleSubmit, { params: { id }, body: {} }, journalistKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    voucher = res.body;
    const cid = String(voucher.manifestURI).replace("ipfs://", "");
    const served = await fetch(`${stack.baseUrl}/api/vault/${cid}`);
    expect(served.status).toBe(200);
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(sha256(bytes)).toBe(voucher.voucher.manifestHash);
    const manifest = JSON.parse(Buffer.from(bytes).toString("utf8")) as CapsuleManifest;
    expect(canonicalText(manifest)).toBe(Buffer.from(bytes).toString("utf8"));
    const draft = await read(id, journalistKey);
    expect(manifest).toEqual({
      schema: "capsule-manifest/1",
      capsuleId: id,
      outletSlug: SLUG,
      capsuleType: "original",
      parentCapsuleId: null,
      contentHash: draft.capsule.contentHash,
      title: "Harbour fees",
      claims: [
        { ordinal: 1, exact: "Harbour fees rose 12 percent", prefix: "", suffix: "", claimType: "statistic", evidence: [0], note: null },
        { ordinal: 2, exact: "The mayor called it fair.", prefix: "", suffix: "", claimType: "attribution", evidence: [1, 0], note: "Council meeting" },
      ],
      evidence: [
        { uri: fileUri, contentHash: sha256(file), evidenceType: "data", mimeType: "text/csv", isPrimary: true, label: "Fee table" },
        { uri: "ipfs://bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e", contentHash: sha(21), evidenceType: "transcript", mimeType: "text/plain", isPrimary: false, label: "Council transcript" },
      ],
      contributors: [{ wallet: journalist, role: 1, contributionType: expect.any(String), shareBps: 10000 }],
      supporting: [],
      correctsClaims: [],
    });
    // a CID the vault does not hold, and one of another codec
    expect((await fetch(`${stack.baseUrl}/api/vault/bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e`)).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/api/vault/bafybeifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e`)).status).toBe(400);
    // the voucher's manifest lists the evidence: no new item while it is outstanding
    const added = await api.send(capsuleEvidenceAdd, { params: { id }, body: { uri: "https://example.org/x", contentHash: sha(22), evidenceType: "document", mimeType: "application/pdf", label: "Late" } }, journalistKey);
    expectError(added, 409, "INVALID_STATE", /outstanding submission voucher until \d{4}-\d{2}-\d{2}T[\d:]{8}Z;/, { submissionUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:]{8}Z$/) });
    // so are its related capsules, and both routes declare the refusal (the OpenAPI document lists it)
    const other = await api.send(capsuleCreate, { body: { title: "Harbour fees, the background", body: BODY, outletSlug: SLUG } }, journalistKey);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const related = await api.send(capsuleSupportingAdd, { params: { id }, body: { supportingCapsuleId: String(other.body.capsuleId), relationshipType: "extends" } }, journalistKey);
    expectError(related, 409, "INVALID_STATE", /outstanding submission voucher until \d{4}-\d{2}-\d{2}T[\d:]{8}Z;/, { submissionUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:]{8}Z$/) });
    for (const route of [capsuleEvidenceAdd, capsuleSupportingAdd]) expect(errorCodesOf(route)).toContain("INVALID_STATE");
  });

  it("commits the manifest hash and evidence root on chain; SQL projects them from the event", async () => {
    await chain.submitOnChain(journalistKey, voucher);
    const pending = await eventually(async () => {
      const body = await read(id);
      return body.capsule?.manifestHash ? body : undefined;
    }, `capsule ${id} projected with its manifest`);
    const [manifestHash, evidenceRoot] = await commitmentOf(id);
    expect(manifestHash).toBe(voucher.voucher.manifestHash);
    expect(evidenceRoot).toBe(voucher.voucher.evidenceRoot);
    expect(evidenceRoot).not.toBe(`0x${"00".repeat(32)}`);
    expect(pending.capsule).toMatchObject({ status: "pending", manifestHash, evidenceRoot, metadataURI: voucher.manifestURI });
  });

  it("proves the manifest and every evidence item; verify checks them against the node and says which claims each supports", async () => {
    expect((await vote(editorKey, id)).status).toBe(200);
    await chain.increaseTime(WINDOW + 10);
    expect((await api.send(capsuleAccept, { params: { id }, body: { capsuleId: id } }, outsiderKey)).body.capsule?.status).toBe("finalized");
    const proof = await eventually(async () => {
      const res = await api.send(capsuleProof, { params: { id } });
      return res.status === 200 ? ZCapsuleProofResponse.parse(res.body) : undefined;
    }, "the proof");
    expect(proof).toMatchObject({ manifestHash: voucher.voucher.manifestHash, evidenceRoot: voucher.voucher.evidenceRoot, manifestURI: voucher.manifestURI });
    expect(proof.evidence.map((e) => [e.index, e.label, e.claims])).toEqual([
      [0, "Fee table", [1, 2]],
      [1, "Council transcript", [2]],
    ]);
    const body = (await read(id)).content.body as string;
    const checks = await verifyProof(id, proof, body, stack.nodeRpcUrl, contracts.articleRegistry.address);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    const byName = Object.fromEntries(checks.map((c) => [c.name, c.detail]));
    expect(byName["manifest"]).toContain(String(voucher.voucher.manifestHash));
    expect(byName["evidence 1"]).toMatch(/is in the committed evidence root; the file hashes to it; supports claim 1, 2$/);
    expect(byName["evidence 2"]).toMatch(/the file was not checked \(a ipfs: address cannot be fetched here\); supports claim 2$/);

    // what the chain committed decides: a changed claim, a forged item or a changed file fails
    const onChain = { manifestHash: proof.manifestHash as Hex, evidenceRoot: proof.evidenceRoot as Hex };
    const bodyHash = sha256(Buffer.from(body, "utf8")) as Hex;
    const noFetch = async () => ({ error: "offline" });
    const changed = { ...proof, manifest: { ...proof.manifest!, claims: [] } };
    expect((await verifyManifest(changed, bodyHash, onChain, noFetch)).find((c) => c.name === "manifest")?.ok).toBe(false);
    const forged = { ...proof, evidence: [{ ...proof.evidence[0]!, leaf: [proof.evidence[0]!.leaf[0], sha(99), proof.evidence[0]!.leaf[2]] as [string, string, string] }, proof.evidence[1]!] };
    expect((await verifyManifest(forged, bodyHash, onChain, noFetch)).find((c) => c.name === "evidence 1")?.ok).toBe(false);
    const otherFile = async () => ({ hash: sha(98) as Hex });
    expect((await verifyManifest(proof, bodyHash, onChain, otherFile)).find((c) => c.name === "evidence 1")?.detail).toContain("but the file now hashes to");
    expect(checks.find((c) => c.name === "evidence list")).toMatchObject({ ok: true, detail: "the manifest's 2 evidence item(s) make exactly the committed root" });
    // a committed root with a leaf the manifest does not show: each listed item still proves, the list does not
    const listed = (proof.manifest as CapsuleManifest).evidence;
    const wider = evidenceTree([...listed, { ...listed[1]!, uri: "https://example.org/hidden", contentHash: sha(97), label: "Hidden" }])!;
    const widened = { ...proof, evidenceRoot: wider.root, evidence: proof.evidence.map((e) => ({ ...e, proof: wider.getProof(e.leaf as EvidenceLeaf) })) };
    const widerChecks = await verifyManifest(widened, bodyHash, { ...onChain, evidenceRoot: wider.root as Hex }, noFetch);
    expect(widerChecks.find((c) => c.name === "evidence 1")?.ok).toBe(true);
    expect(widerChecks.find((c) => c.name === "evidence list")?.ok).toBe(false);
  });

  it("keeps evidence added after publication out of the manifest, and the reader page marks claims and shows it apart", async () => {
    const added = await api.send(capsuleEvidenceAdd, { params: { id }, body: { uri: "https://example.org/later.pdf", contentHash: sha(23), evidenceType: "document", mimeType: "application/pdf", label: "Later letter" } }, journalistKey);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.metadataURI).toBe(voucher.manifestURI);
    const proof = ZCapsuleProofResponse.parse((await api.send(capsuleProof, { params: { id } })).body);
    expect(proof.evidence).toHaveLength(2);
    const html = await (await fetch(`${stack.baseUrl}/read/${id}`)).text();
    expect(html).toContain('href="#claim-note-1" id="claim-1"');
    expect(html).toContain('id="claim-note-2"');
    expect(html).toContain("Added after publication, not part of the voted manifest");
    const later = html.slice(html.indexOf('data-testid="reader-later-evidence"'));
    expect(later).toContain("Later letter");
    expect(html.slice(0, html.indexOf('data-testid="reader-later-evidence"'))).not.toContain("Later letter");
    const reviews = await api.send(capsuleClaims, { params: { id }, query: { format: "claimreview" } });
    expect(reviews.body).toEqual({ ok: true, capsuleId: id, format: "claimreview", items: [] }); // no finding yet
  });

  it("says on the page when the manifest the chain committed is not served here, instead of showing every file as voted", async () => {
    const hash = String(voucher.voucher.manifestHash).replace(/^0x/, "").toLowerCase();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = path.join(stack.dataDir, "vault", hash.slice(0, 2), hash);
    const aside = `${stored}.aside`;
    fs.renameSync(stored, aside);
    try {
      const html = await (await fetch(`${stack.baseUrl}/read/${id}`)).text();
      expect(html).toContain('data-testid="evidence-manifest-unserved"');
      const notice = html.slice(html.indexOf('data-testid="evidence-manifest-unserved"')).split("</p>")[0]!.replaceAll("<!-- -->", "");
      expect(notice).toContain(`This site cannot serve the manifest the registry committed for this version (0x${hash})`);
    } finally {
      fs.renameSync(aside, stored);
    }
    const html = await (await fetch(`${stack.baseUrl}/read/${id}`)).text();
    expect(html).not.toContain('data-testid="evidence-manifest-unserved"');
    expect(html).toContain('data-testid="reader-later-evidence"');
  });

  it("takes no evidence item past the 50 a capsule lists, one at a time as in a draft's list", async () => {
    const evidence = Array.from({ length: 50 }, (_, i) => ({ uri: `https://example.org/item-${i}.pdf`, contentHash: sha(1000 + i), evidenceType: "document" as const, mimeType: "application/pdf", label: `Item ${i}` }));
    const created = await api.send(capsuleCreate, { body: { title: "A full list", body: BODY, outletSlug: SLUG, evidence } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const draftId = String(created.body.capsuleId);
    const more = await api.send(capsuleEvidenceAdd, { params: { id: draftId }, body: { uri: "https://example.org/item-50.pdf", contentHash: sha(1050), evidenceType: "document", mimeType: "application/pdf", label: "One more" } }, journalistKey);
    expect(more.status, JSON.stringify(more.body)).toBe(409);
    expect(more.body).toMatchObject({ ok: false, error: "CONFLICT", message: `Capsule ${draftId} already lists 50 evidence items, the most a capsule takes (50)` });
    expect((await read(draftId, journalistKey)).evidence).toHaveLength(50);
  });

  it("corrections name the claims they correct (validated), commit their own manifest, and the reader sees it", async () => {
    const history = (body: Json) => api.send(capsuleHistoryAdd, { params: { id }, body: body as never }, journalistKey);
    expectError(await history({ capsuleType: "correction", revisionReason: "Fee was 11 percent", correctsClaimIds: ["999999"] }), 400, "VALIDATION_ERROR", /correctsClaimIds\.0/, {
      issues: [{ path: "correctsClaimIds.0", message: `claim 999999 is not a claim of capsule ${id}` }],
    });
    expectError(await history({ capsuleType: "correction", revisionReason: "x", correctsClaimIds: [claimIds[0], claimIds[0]] }), 400, "VALIDATION_ERROR", "Invalid body: correctsClaimIds", {
      issues: [{ path: "correctsClaimIds", message: "each claim id may appear once" }],
    });
    expectError(await history({ capsuleType: "original", revisionReason: "x", correctsClaimIds: [claimIds[0]] }), 400, "VALIDATION_ERROR", /capsuleType|correctsClaimIds/, { issues: expect.any(Array) });
    const created = await history({ capsuleType: "correction", revisionReason: "Fee was 11 percent", correctsClaimIds: [claimIds[0]], body: BODY.replace("12 percent", "11 percent") });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    correctionId = created.body.capsule.id;
    expect(created.body.revision.correctsClaimIds).toEqual([claimIds[0]]);
    // the copied claim 1 no longer matches the corrected text: the correction sets its own claims
    const set = await api.send(capsuleClaimsSet, { params: { id: correctionId }, body: { claims: [{ exact: "Harbour fees rose 11 percent", claimType: "statistic", evidenceIds: [] }] } }, journalistKey);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const submitted = await publish(correctionId);
    const manifest = JSON.parse(Buffer.from(await (await fetch(`${stack.baseUrl}/api/vault/${String(submitted.manifestURI).replace("ipfs://", "")}`)).arrayBuffer()).toString("utf8")) as CapsuleManifest;
    expect(manifest).toMatchObject({ capsuleId: correctionId, capsuleType: "correction", parentCapsuleId: id, correctsClaims: [1] });
    expect(submitted.voucher.manifestHash).not.toBe(voucher.voucher.manifestHash);
    await eventually(async () => ((await read(correctionId)).capsule.manifestHash === submitted.voucher.manifestHash ? true : undefined), "the correction's manifest projected");
    const [committed] = await commitmentOf(correctionId);
    expect(committed).toBe(submitted.voucher.manifestHash);

    const original = await (await fetch(`${stack.baseUrl}/read/${id}`)).text();
    expect(original).toMatch(/Claim <!-- -->1<!-- --> <!-- -->corrected<!-- --> in<!-- --> <a[^>]*href="\/read\/\d+"[^>]*>revision <!-- -->1<\/a>/);
    const corrected = await (await fetch(`${stack.baseUrl}/read/${correctionId}`)).text();
    expect(corrected).toContain('data-testid="reader-corrects-claims"');
    expect(corrected.replace(/<!-- -->/g, "")).toMatch(/This correction corrects claim 1 of <a[^>]*>revision 0<\/a>/);
  });

  it("never hands out a voucher for other content than the draft holds when an edit races the submission", async () => {
    // the submission reads the draft, then asks the node (bond, weight, time, signature) before it records the
    // voucher; an edit sent meanwhile lands in between. One of the two must give way: the edit (the voucher came
    // first: 409 outstanding voucher) or the submission (409 CONFLICT, nothing signed handed out).
    const outcomes: string[] = [];
    for (const [n, delayMs] of [[1, 0], [2, 5], [3, 15], [4, 40]] as const) {
      const created = await api.send(capsuleCreate, { body: { title: `Race ${n}`, body: BODY, outletSlug: SLUG } }, journalistKey);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const draftId = String(created.body.capsuleId);
      const edited = `${BODY} Edited while submitting (${n}).`;
      const submitting = api.send(capsuleSubmit, { params: { id: draftId }, body: {} }, journalistKey);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const editing = api.send(capsuleUpdate, { body: { capsuleId: draftId, body: edited } }, journalistKey);
      const [submitted, edit] = await Promise.all([submitting, editing]);
      const draft = (await read(draftId, journalistKey)).capsule;
      if (submitted.status === 200) {
        // the voucher commits exactly what the draft holds, and the manifest the vault serves is the draft's
        expect(submitted.body.voucher.contentHash).toBe(draft.contentHash);
        const bytes = new Uint8Array(await (await fetch(`${stack.baseUrl}/api/vault/${String(submitted.body.manifestURI).replace("ipfs://", "")}`)).arrayBuffer());
        expect((JSON.parse(Buffer.from(bytes).toString("utf8")) as CapsuleManifest).contentHash).toBe(draft.contentHash);
        if (edit.status === 200) expect(edit.body.capsule.contentHash).toBe(draft.contentHash); // the edit came first and the voucher saw it
        else expectError(edit, 409, "INVALID_STATE", /outstanding submission voucher/, { submissionUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:]{8}Z$/) });
        outcomes.push(edit.status === 200 ? "edit, then voucher" : "voucher, edit refused");
      } else {
        expectError(submitted, 409, "CONFLICT", /changed while its submission was being prepared/);
        expect(edit.status, JSON.stringify(edit.body)).toBe(200);
        expect(draft.contentHash).toBe(edit.body.capsule.contentHash);
        outcomes.push("edit, submission refused");
      }
    }
    expect(outcomes).toHaveLength(4);
    console.log(`submission racing an edit: ${outcomes.join("; ")}`);
  });
});
