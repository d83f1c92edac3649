import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleProof } from "@/features/reader/proof.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleUpdate } from "@/features/capsules/update.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { vaultUpload } from "@/features/vault/upload.endpoint";
import type { CapsuleManifest } from "@/features/capsules/manifest";
import { ZCapsuleProofResponse } from "@/features/reader/capsule-proof";
import { verifyManifest, verifyProof } from "@/features/reader/verify-proof";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { addr, chainAccess, deployedContracts, expectError, sha, staffedDesk, type Api, type Contracts, type Json } from "./capsules.test-support";
import { vaultDownloadPath } from "@/lib/api/vault-path";

// The feature image (issue 31, Ghost) over HTTP against the real stack: a draft names a vault image by its
// SHA-256 with alt text (required, refused blank in words), the read answers it with where it is served,
// the manifest the chain commits to carries it (so `npm run verify` checks the image's bytes too), and a
// correction keeps it.

const dialects = await dialectsUnderTest();
const [, ownerKey, editorKey, journalistKey, outsiderKey] = devKeys;
const [editor, journalist] = [addr(editorKey), addr(journalistKey)];
const SLUG = "picture-desk";
const WINDOW = 259_200;
const sha256 = (bytes: Uint8Array | string) => `0x${createHash("sha256").update(bytes).digest("hex")}`;
// the smallest PNG signature-and-header the vault's type check accepts as a PNG, with a unique tail
const png = (tag: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`IHDR picture ${tag}`)]);

describe.each(dialects)("the feature image on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let contracts: Contracts;
  const image = png("quay");
  const imageHash = sha256(image);
  let csvHash = "";
  let id = "";

  const read = async (capsuleId: string, key?: Hex) => (await api.send(capsuleRead, { params: { id: capsuleId } }, key)).body;
  const upload = async (bytes: Buffer, filename: string, mimeType: string) => {
    const res = await api.send(vaultUpload, { body: { filename, mimeType, contentBase64: bytes.toString("base64") } }, journalistKey);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return `0x${String(res.body.object.objectId)}`;
  };
  const create = (featureImage: unknown) =>
    api.send(capsuleCreate, { body: { title: "Quay at dawn", body: "The quay is quiet before six.", subtitle: "Before the first ferry.", outletSlug: SLUG, featureImage } as never }, journalistKey);

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect, { env: { CAPSULE_RATE_PUBLIC_GET_PER_MIN: "5000" } }));
    contracts = await deployedContracts(api);
    chain = chainAccess(stack, contracts);
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "750"], [editorKey, "250"], [journalistKey, "100"]],
      roles: [[editorKey, ROLE.EDITOR], [journalistKey, ROLE.JOURNALIST]],
    });
    expect(await upload(image, "quay.png", "image/png")).toBe(imageHash);
    csvHash = await upload(Buffer.from("port,fee\nA,112\n"), "fees.csv", "text/csv");
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("refuses an image without alt text, one the vault does not hold, and a vault file that is not a picture, each in words", async () => {
    expectError(await create({ contentHash: imageHash, alt: "   " }), 400, "VALIDATION_ERROR", /featureImage\.alt/, {
      issues: [{ path: "featureImage.alt", message: "describe the image in words for readers who cannot see it (alt text is required with an image)" }],
    });
    expectError(await create({ contentHash: sha(77), alt: "A quay" }), 400, "VALIDATION_ERROR", "Invalid body: featureImage.contentHash", {
      issues: [{ path: "featureImage.contentHash", message: "no file in the vault has this SHA-256: upload the image first" }],
    });
    expectError(await create({ contentHash: csvHash, alt: "A table" }), 400, "VALIDATION_ERROR", "Invalid body: featureImage.contentHash", {
      issues: [{ path: "featureImage.contentHash", message: "the vault holds this file as text/csv, not as a PNG, JPEG, WebP or GIF image" }],
    });
  });

  it("keeps the image with its alt text on the draft, changes the alt, and clears it with null", async () => {
    const plain = await create(undefined);
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    const created = await create({ contentHash: imageHash.toUpperCase().replace("0X", "0x"), alt: "  Grey quay under a blue sky  " });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.capsuleId;
    expect(created.body.content.featureImage).toEqual({ contentHash: imageHash, mimeType: "image/png", alt: "Grey quay under a blue sky", url: vaultDownloadPath(imageHash.slice(2)) });
    // the image is part of the metadata document: the same article without it names another document
    expect(created.body.content.metadataURI).not.toBe(plain.body.content.metadataURI);
    const served = await fetch(`${stack.baseUrl}${created.body.content.featureImage.url}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(imageHash);

    const changed = await api.send(capsuleUpdate, { body: { capsuleId: id, featureImage: { contentHash: imageHash, alt: "Grey quay at dawn" } } }, journalistKey);
    expect(changed.body.content.featureImage?.alt, JSON.stringify(changed.body)).toBe("Grey quay at dawn");
    const untouched = await api.send(capsuleUpdate, { body: { capsuleId: id, title: "Quay at first light" } }, journalistKey);
    expect(untouched.body.content.featureImage?.alt).toBe("Grey quay at dawn");
    const cleared = await api.send(capsuleUpdate, { body: { capsuleId: id, featureImage: null } }, journalistKey);
    expect(cleared.body.content.featureImage).toBeNull();
    expect(cleared.body.content.metadataURI).not.toBe(untouched.body.content.metadataURI);
    const back = await api.send(capsuleUpdate, { body: { capsuleId: id, featureImage: { contentHash: imageHash, alt: "Grey quay at dawn" } } }, journalistKey);
    expect(back.body.content.metadataURI).toBe(untouched.body.content.metadataURI);
  });

  it("puts the image's hash, type and alt text in the committed manifest; verify checks the bytes; a correction keeps it", async () => {
    const submitted = await api.send(capsuleSubmit, { params: { id }, body: {} }, journalistKey);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const manifestBytes = Buffer.from(await (await fetch(`${stack.baseUrl}/api/vault/${String(submitted.body.manifestURI).replace("ipfs://", "")}`)).arrayBuffer());
    const manifest = JSON.parse(manifestBytes.toString("utf8")) as CapsuleManifest;
    expect(manifest.featureImage).toEqual({ contentHash: imageHash, mimeType: "image/png", alt: "Grey quay at dawn" });
    expect(sha256(manifestBytes)).toBe(submitted.body.voucher.manifestHash);

    await chain.submitOnChain(journalistKey, submitted.body as Json);
    await eventually(async () => ((await read(id, journalistKey)).capsule.status === "pending" ? true : undefined), `capsule ${id} pending`);
    expect((await api.send(capsuleVote, { params: { id }, body: await chain.ballot(editorKey, id, true) }, editorKey)).status).toBe(200);
    await chain.increaseTime(WINDOW + 10);
    expect((await api.send(capsuleAccept, { params: { id }, body: { capsuleId: id } }, outsiderKey)).body.capsule?.status).toBe("finalized");
    const proof = await eventually(async () => {
      const res = await api.send(capsuleProof, { params: { id } });
      return res.status === 200 ? ZCapsuleProofResponse.parse(res.body) : undefined;
    }, "the proof");
    const body = (await read(id)).content.body as string;
    const checks = await verifyProof(id, proof, body, stack.nodeRpcUrl, contracts.articleRegistry.address);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.find((c) => c.name === "feature image")?.detail).toBe(`the committed manifest names image SHA-256 ${imageHash}; the vault's file hashes to it`);
    // other bytes under the image's name fail the check
    const onChain = { manifestHash: proof.manifestHash as Hex, evidenceRoot: proof.evidenceRoot as Hex };
    const otherBytes = async () => ({ hash: sha(98) as Hex });
    const swapped = (await verifyManifest(proof, sha256(Buffer.from(body, "utf8")) as Hex, onChain, otherBytes)).find((c) => c.name === "feature image");
    expect(swapped).toMatchObject({ ok: false, detail: expect.stringContaining(`but the vault's file hashes to ${sha(98)}`) });

    const correction = await api.send(capsuleHistoryAdd, { params: { id }, body: { capsuleType: "correction", revisionReason: "The quay opens at seven.", body: "The quay is quiet before seven." } }, journalistKey);
    expect(correction.status, JSON.stringify(correction.body)).toBeLessThan(300);
    expect(correction.body.content.featureImage).toMatchObject({ contentHash: imageHash, alt: "Grey quay at dawn" });
  });
});
