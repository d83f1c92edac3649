import { createHash } from "node:crypto";
import { z } from "zod";
import { createPublicClient, decodeEventLog, getAddress, http, type Hex } from "viem";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { canonicalText, evidenceItemHash, evidenceTree, ZERO_ROOT, type CapsuleManifest } from "@/features/capsules/manifest";
import { verifyEvidenceProof } from "./evidence-proof";
import { nodeOf, verifyLabel } from "./verify-label";
import { latestVersion, standingOf, type RegistryNode } from "./latest-version";
import { capsuleFinalizedTopic, REGISTRY_STATUS_FINALIZED, ZCapsuleProofResponse, type TCapsuleProof } from "./capsule-proof";

// The checks of `npm run verify`: the bridge supplies the text and the proof's coordinates; every
// fact is then read from the node the reader chose. Nothing here trusts the bridge's answers beyond
// using them as the claim to check.

export type Check = { name: string; ok: boolean; detail: string };

const sha256Utf8 = (text: string): Hex => `0x${createHash("sha256").update(text, "utf8").digest("hex")}`;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the bridge says of the capsule's place in the registry: its outlet, submitter and the version it revises (null: an original). */
export type ClaimedRecord = { outletSlug: string; submitter: string; parentCapsuleId: string | null };

/** The part of the bridge's capsule read verify needs: the text, and (when named) the capsule's place in the registry. */
const ZBridgeRead = z.object({
  content: z.object({ body: z.string() }),
  capsule: z.object({ outletSlug: z.string(), submitter: z.string(), parentCapsuleId: z.string().nullable() }).optional().catch(undefined),
  revision: z.object({ publishedCapsuleId: z.string().nullable() }).optional().catch(undefined),
});

/**
 * `claimedLatest`: the version the bridge says readers see now (its read's revision.publishedCapsuleId); the capsule
 * itself when the bridge names none, since it then serves this text as the article.
 */
export async function fetchProofAndBody(bridge: string, capsuleId: string): Promise<{ proof: TCapsuleProof; body: string; record: ClaimedRecord | null; claimedLatest: string }> {
  const base = bridge.replace(/\/$/, "");
  const proofRes = await fetch(`${base}/api/capsules/${capsuleId}/proof`);
  const proofJson: unknown = await proofRes.json();
  if (!proofRes.ok) throw new Error(`the bridge answered ${proofRes.status} for the proof: ${JSON.stringify(proofJson)}`);
  const readRes = await fetch(`${base}/api/capsules/${capsuleId}`);
  const read = ZBridgeRead.safeParse(await readRes.json());
  if (!readRes.ok || !read.success) throw new Error(`the bridge answered ${readRes.status} for the text`);
  const record = read.data.capsule ?? null;
  return { proof: ZCapsuleProofResponse.parse(proofJson), body: read.data.content.body, record, claimedLatest: read.data.revision?.publishedCapsuleId ?? capsuleId };
}

/**
 * `record`: what the bridge's read says of the outlet, submitter and revised version; checked against the registry's
 * `capsules(id)`, so a site cannot move an article to another outlet or author, or hide or invent the version it corrects
 * (null: the bridge's read named none of them, a mismatch; undefined: not checked). `claimedLatest`: the version the
 * bridge says is current (default: this one), checked against the latest finalized version the node holds.
 */
export async function verifyProof(
  capsuleId: string,
  proof: TCapsuleProof,
  body: string,
  rpcUrl: string,
  pinnedRegistry?: string,
  record?: ClaimedRecord | null,
  claimedLatest: string = capsuleId,
): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 15_000 }) });

  const bodyHash = sha256Utf8(body);
  add("text", same(bodyHash, proof.contentHash), `SHA-256 of the text is ${bodyHash}; the proof says ${proof.contentHash}`);
  if (pinnedRegistry) add("registry", same(pinnedRegistry, proof.contractAddress), `the proof names ${proof.contractAddress}; you pinned ${pinnedRegistry}`);

  const chainId = await client.getChainId();
  add("chain", chainId === proof.chainId, `the node serves chain ${chainId}; the proof is for chain ${proof.chainId}`);

  const receipt = await client.getTransactionReceipt({ hash: proof.transactionHash as Hex }).catch(() => undefined);
  if (!receipt) {
    add("transaction", false, `the node knows no transaction ${proof.transactionHash}`);
    return checks;
  }
  add("transaction", receipt.status === "success", `transaction ${proof.transactionHash} ${receipt.status === "success" ? "succeeded" : "reverted"}`);
  add("block", receipt.blockNumber.toString() === proof.blockNumber && same(receipt.blockHash, proof.blockHash), `the node has it in block ${receipt.blockNumber} (${receipt.blockHash}); the proof says block ${proof.blockNumber} (${proof.blockHash})`);

  const log = receipt.logs.find((l) => l.logIndex === proof.logIndex);
  let eventOk = false;
  let detail = `no log with index ${proof.logIndex} in that transaction`;
  if (log) {
    const fromContract = same(log.address, proof.contractAddress);
    const isFinalized = same(log.topics[0] ?? "", capsuleFinalizedTopic);
    const decoded = isFinalized ? decodeEventLog({ abi: articleRegistryAbi, data: log.data, topics: log.topics }) : undefined;
    const args = decoded?.eventName === "CapsuleFinalized" ? decoded.args : undefined;
    eventOk = fromContract && Boolean(args) && args?.capsuleId === BigInt(capsuleId) && args?.articleId.toString() === proof.articleId;
    detail = args
      ? `log ${proof.logIndex} from ${getAddress(log.address)}: CapsuleFinalized(capsuleId ${args.capsuleId}, articleId ${args.articleId})`
      : `log ${proof.logIndex} from ${getAddress(log.address)} is not a CapsuleFinalized event`;
  }
  add("event", eventOk, detail);

  const onChain = await client
    .readContract({ address: getAddress(proof.contractAddress), abi: articleRegistryAbi, functionName: "capsules", args: [BigInt(capsuleId)], blockNumber: BigInt(proof.blockNumber) })
    .catch(() => undefined);
  if (!onChain) add("stored hash", false, `capsules(${capsuleId}) could not be read at block ${proof.blockNumber}`);
  else {
    const [outletSlug, submitter, storedHash, parent, status] = onChain;
    add("stored hash", same(storedHash, bodyHash) && status === REGISTRY_STATUS_FINALIZED, `at block ${proof.blockNumber} the registry stores content hash ${storedHash} with status ${status} (2 = Finalized)`);
    if (record === null) add("record", false, "the bridge's answer names no outlet, submitter or revised version to check against the registry");
    else if (record) {
      const revises = (id: string | null) => (id === null || id === "0" ? "revises no earlier version" : `revises capsule ${id}`);
      const ok = outletSlug === record.outletSlug && same(submitter, record.submitter) && String(parent) === (record.parentCapsuleId ?? "0");
      add("record", ok, `the registry has it from outlet "${outletSlug}", submitted by ${getAddress(submitter)}, and it ${revises(String(parent))}; the bridge says outlet "${record.outletSlug}", ${record.submitter}, ${revises(record.parentCapsuleId)}`);
    }
  }
  const commitment = await client
    .readContract({ address: getAddress(proof.contractAddress), abi: articleRegistryAbi, functionName: "commitmentOf", args: [BigInt(capsuleId)], blockNumber: BigInt(proof.blockNumber) })
    .catch(() => undefined);
  if (!commitment) {
    add("manifest on chain", false, `commitmentOf(${capsuleId}) could not be read at block ${proof.blockNumber}`);
    return checks;
  }
  checks.push(...(await verifyManifest(proof, bodyHash, { manifestHash: commitment[0], evidenceRoot: commitment[1] }, fetchEvidence(bridgeOrigin(proof.bodyUrl)))));
  const node = nodeOf(client);
  checks.push(await verifyLabel(node, proof.label, capsuleId, proof.contractAddress));
  checks.push(await verifyLatest(node, capsuleId, proof.contractAddress, claimedLatest));
  return checks;
}

/**
 * The "latest" check: no finalized version the bridge leaves unsaid revises this one. A version the bridge itself
 * says was replaced passes when the node's latest is the one it names: verifying an older version is allowed.
 */
export async function verifyLatest(node: RegistryNode, capsuleId: string, registry: string, claimedLatest: string): Promise<Check> {
  const found = await latestVersion(node, registry, capsuleId).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  if (typeof found === "string") return { name: "latest", ok: false, detail: `the node could not tell which version is the latest: ${found}` };
  const { latest, newer } = found;
  const path = newer.map((v) => `${v.capsuleId} (the registry's article ${v.articleId})`).join(", ");
  switch (standingOf(capsuleId, claimedLatest, latest)) {
    case "latest":
      return { name: "latest", ok: true, detail: `the node holds no finalized version revising capsule ${capsuleId}: it is the latest, as the bridge says` };
    case "superseded":
      return { name: "latest", ok: true, detail: `capsule ${capsuleId} is superseded, as the bridge says: the latest finalized version is ${latest} (finalized revisions: ${path})` };
    case "newer":
      return {
        name: "latest",
        ok: false,
        detail: `a newer finalized version exists: ${latest} (finalized revisions: ${path}); the bridge says ${claimedLatest === capsuleId ? `capsule ${capsuleId} is the current version` : `the current version is ${claimedLatest}`}`,
      };
    case "phantom":
      return { name: "latest", ok: false, detail: `the bridge says capsule ${claimedLatest} replaced it, but the node holds no finalized version revising capsule ${capsuleId}` };
  }
}

const ZERO = `0x${"00".repeat(32)}`;
const bridgeOrigin = (bodyUrl: string) => new URL(bodyUrl).origin;

/** SHA-256 of a file the evidence item names, when it can be fetched (http(s), or a vault address on the bridge). */
export type EvidenceFetcher = (uri: string) => Promise<{ hash: Hex } | { error: string }>;

export const fetchEvidence =
  (origin: string): EvidenceFetcher =>
  async (uri) => {
    let url: URL;
    try {
      url = new URL(uri, origin);
    } catch {
      return { error: "its address is not a URL" };
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return { error: `a ${url.protocol} address cannot be fetched here` };
    if (/^\/api\/vault\/[0-9a-f]{64}$/.test(url.pathname)) url.searchParams.set("download", "1");
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (!response.ok) return { error: `${url.host} answered ${response.status}` };
      return { hash: `0x${createHash("sha256").update(new Uint8Array(await response.arrayBuffer())).digest("hex")}` };
    } catch (error) {
      return { error: error instanceof Error ? error.message : "it could not be fetched" };
    }
  };

const claimsNote = (claims: number[]) => (claims.length === 0 ? "supports no claim" : `supports claim ${claims.join(", ")}`);

/**
 * The manifest and its evidence against what the chain committed (`onChain`, read from the reader's node):
 * the manifest's canonical bytes hash to the committed hash and name the text's hash; each evidence item's
 * leaf is the item, its proof reaches the committed root, and the file hashes to the item's hash when it
 * can be fetched. Each evidence check says which claims the item supports.
 */
export async function verifyManifest(proof: TCapsuleProof, bodyHash: Hex, onChain: { manifestHash: Hex; evidenceRoot: Hex }, fetchFile: EvidenceFetcher): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  if (!proof.manifest) {
    const none = same(onChain.manifestHash, ZERO);
    add("manifest", none, none ? "the chain holds no manifest for this capsule (submitted before manifests were committed): only its text is checked" : `the chain committed manifest ${onChain.manifestHash}, but the proof carries none`);
    return checks;
  }
  const manifest = proof.manifest as CapsuleManifest;
  const manifestHash = `0x${createHash("sha256").update(canonicalText(manifest), "utf8").digest("hex")}` as Hex;
  add(
    "manifest",
    same(manifestHash, onChain.manifestHash) && same(manifest.contentHash, bodyHash),
    `the manifest's RFC 8785 bytes hash to ${manifestHash}; the chain committed ${onChain.manifestHash}; it names text hash ${manifest.contentHash}`,
  );
  add("evidence root", same(proof.evidenceRoot ?? "", onChain.evidenceRoot), `the chain committed evidence root ${onChain.evidenceRoot}; the proof says ${proof.evidenceRoot ?? "none"}`);
  // each item's proof shows it is in the root; only the root rebuilt from the whole list shows nothing else is
  const rebuilt = (evidenceTree(manifest.evidence)?.root as Hex | undefined) ?? ZERO_ROOT;
  add(
    "evidence list",
    same(rebuilt, onChain.evidenceRoot),
    same(rebuilt, onChain.evidenceRoot)
      ? `the manifest's ${manifest.evidence.length} evidence item(s) make exactly the committed root`
      : `the manifest's ${manifest.evidence.length} evidence item(s) make root ${rebuilt}, not the committed ${onChain.evidenceRoot}: the committed evidence is not the list the manifest shows`,
  );
  const covered = new Set(proof.evidence.map((e) => e.index));
  const missing = manifest.evidence.map((_, i) => i).filter((i) => !covered.has(i));
  if (missing.length > 0) add("evidence", false, `the proof carries no Merkle proof for evidence ${missing.map((i) => i + 1).join(", ")}`);
  for (const item of proof.evidence) {
    const listed = manifest.evidence[item.index];
    const name = `evidence ${item.index + 1}`;
    if (!listed) {
      add(name, false, `the manifest has no evidence item ${item.index + 1}`);
      continue;
    }
    const claims = manifest.claims.filter((claim) => claim.evidence.includes(item.index)).map((claim) => claim.ordinal);
    const leafOk = item.leaf[0] === String(item.index) && same(item.leaf[1], listed.contentHash) && same(item.leaf[2], evidenceItemHash(listed));
    const proven = leafOk && verifyEvidenceProof(onChain.evidenceRoot, item.leaf, item.proof);
    const file = await fetchFile(listed.uri);
    const fileOk = "hash" in file ? same(file.hash, listed.contentHash) : true;
    const fileNote = "hash" in file ? (fileOk ? "the file hashes to it" : `but the file now hashes to ${file.hash}`) : `the file was not checked (${file.error})`;
    add(
      name,
      proven && fileOk,
      `"${listed.label}" (SHA-256 ${listed.contentHash}) ${proven ? "is in the committed evidence root" : "is NOT proven against the committed evidence root"}; ${fileNote}; ${claimsNote(claims)}`,
    );
  }
  if (manifest.featureImage) {
    // the image is named by its hash inside the committed manifest: its bytes must still hash to it
    const image = manifest.featureImage;
    const file = await fetchFile(`/api/vault/${image.contentHash.replace(/^0x/, "").toLowerCase()}`);
    const ok = "hash" in file && same(file.hash, image.contentHash);
    add(
      "feature image",
      ok,
      "hash" in file
        ? `the committed manifest names image SHA-256 ${image.contentHash}; ${ok ? "the vault's file hashes to it" : `but the vault's file hashes to ${file.hash}`}`
        : `the committed manifest names image SHA-256 ${image.contentHash}; the file could not be fetched (${file.error})`,
    );
  }
  return checks;
}
