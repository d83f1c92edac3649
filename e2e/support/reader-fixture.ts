import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { signBallot, submitVoucherFromJson } from "@/lib/chain/vouchers";
import type { CallInput } from "@/lib/api/request";
import type { Endpoint, ResponseOf } from "@/lib/endpoints/define";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { publishTxt } from "./dns-server";
import { outletNameOfRun } from "./outlet-names";

// Articles for the reader e2e test, walked through the real lifecycle over the bridge and the chain:
// an active outlet, finalized capsules (submitted with the fee, voted yes, window closed by anvil
// time travel, accepted), a correction left under vote, and a draft.

type SubmitAnswer = ResponseOf<typeof capsuleSubmit>;

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (e2e/global-setup.ts sets it)`);
  return value;
}

/** Who signs: an anvil dev key by its index, or a key of its own (a fresh wallet). */
type Signer = number | Hex;

const keyOf = (index: Signer): Hex => {
  if (typeof index === "string") return index;
  const key = devKeys[index] as Hex | undefined;
  if (!key) throw new Error(`no anvil dev key #${index}`);
  return key;
};
export const addressOf = (index: number): Address => privateKeyToAccount(keyOf(index)).address;

export function readerDesk() {
  const api = bridgeClient(env("CAPSULE_E2E_BASE_URL"));
  const nodeRpcUrl = env("CAPSULE_E2E_NODE_RPC_URL");
  const chain = capsuleChain(nodeRpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(nodeRpcUrl) });
  const walletOf = (index: Signer) => createWalletClient({ chain, transport: http(nodeRpcUrl), account: privateKeyToAccount(keyOf(index)) });
  let contracts: Record<string, { address: string }> | undefined;

  const call = <E extends Endpoint>(endpoint: E, input: CallInput<E>, keyIndex?: Signer): Promise<ResponseOf<E>> =>
    api.call(endpoint, input, keyIndex === undefined ? undefined : keyOf(keyIndex));
  const contractAddress = async (name: "roleRegistry" | "capsuleAcceptance"): Promise<Address> => {
    contracts ??= (await call(contractsSummary, {})).contracts;
    const address = contracts[name]?.address;
    if (!address) throw new Error(`the bridge lists no ${name} contract`);
    return getAddress(address);
  };
  const nodeRpc = async (method: string, params: unknown[]) => {
    const res = await fetch(nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  };

  async function submitOnChain(keyIndex: Signer, answer: SubmitAnswer) {
    const voucher = submitVoucherFromJson(answer.voucher);
    const hash = await walletOf(keyIndex).writeContract({ address: getAddress(answer.registry), abi: articleRegistryAbi, functionName: "submitCapsule", args: [voucher, answer.signature as Hex], value: BigInt(answer.fee) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error("submitCapsule reverted");
  }

  async function relayYes(keyIndex: Signer, capsuleId: string) {
    const capsuleAcceptance = await contractAddress("capsuleAcceptance");
    const account = privateKeyToAccount(keyOf(keyIndex));
    const nonce = await publicClient.readContract({ address: capsuleAcceptance, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [account.address] });
    const block = await publicClient.getBlock({ blockTag: "latest" });
    const signature = await signBallot(account, capsuleAcceptance, chain.id, { capsuleId: BigInt(capsuleId), support: true, voter: account.address, nonce, deadline: block.timestamp + 3600n });
    await call(capsuleVote, { params: { id: capsuleId }, body: { support: true, deadline: (block.timestamp + 3600n).toString(), signature } }, keyIndex);
  }

  // Read as the owner: until the indexer projects the submission the capsule is a draft, and
  // drafts are private (an anonymous read answers 404).
  async function untilStatus(ownerKey: Signer, capsuleId: string, status: string) {
    for (let attempt = 0; attempt < 120; attempt++) {
      const read = await call(capsuleRead, { params: { id: capsuleId } }, ownerKey);
      if (read.capsule.status === status) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`capsule ${capsuleId} did not become ${status}`);
  }

  /** Submits a draft on chain, votes yes, closes the window and accepts it: finalized. */
  async function finalize(ownerKey: Signer, capsuleId: string) {
    await submitOnChain(ownerKey, await call(capsuleSubmit, { params: { id: capsuleId }, body: {} }, ownerKey));
    await relayYes(ownerKey, capsuleId);
    await nodeRpc("evm_increaseTime", [259_200 + 5]);
    await nodeRpc("evm_mine", []);
    await call(capsuleAccept, { params: { id: capsuleId }, body: { capsuleId } }, ownerKey);
    await untilStatus(ownerKey, capsuleId, "finalized");
  }

  return {
    api,
    nodeRpcUrl,
    call,
    /** Moves the chain's clock forward and mines a block (e.g. past a court case's reply window). */
    async advanceChainTime(seconds: number) {
      await nodeRpc("evm_increaseTime", [seconds]);
      await nodeRpc("evm_mine", []);
    },
    /** A yes ballot of dev key #keyIndex on a capsule under vote, relayed through the bridge. */
    voteYes: relayYes,
    /** Adds `units` CAP to the bond of dev key #keyIndex (or of a fresh wallet's key). */
    async deposit(keyIndex: Signer, units: string) {
      const hash = await walletOf(keyIndex).writeContract({ address: await contractAddress("roleRegistry"), abi: roleRegistryAbi, functionName: "deposit", value: parseEther(units) });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    },
    /** A draft submitted on chain and left under vote (pending), its window open. */
    async pending(ownerKey: Signer, slug: string, title: string, body: string): Promise<string> {
      const created = await call(capsuleCreate, { body: { title, body, outletSlug: slug, category: "city", tags: ["harbour"], status: "draft" } }, ownerKey);
      await submitOnChain(ownerKey, await call(capsuleSubmit, { params: { id: created.capsuleId }, body: {} }, ownerKey));
      await untilStatus(ownerKey, created.capsuleId, "pending");
      return created.capsuleId;
    },
    /** Bond for the owner (also journalist and only Editor) and an active outlet, named `name` with this run's suffix (./outlet-names.ts): the name it got. */
    async outlet(ownerKey: Signer, slug: string, name: string): Promise<string> {
      const hash = await walletOf(ownerKey).writeContract({ address: await contractAddress("roleRegistry"), abi: roleRegistryAbi, functionName: "deposit", value: parseEther("1000") });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      const domain = `${slug}.example.net`;
      const created = await call(outletCreate, { body: { slug, name: outletNameOfRun(name), domain } }, ownerKey);
      publishTxt(domain, [created.txtRecord.value]);
      const verified = await call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, ownerKey);
      if (!verified.verified) throw new Error(`outlet ${slug} did not verify`);
      return created.outlet.name;
    },
    /** Submits an existing draft on chain, as its journalist would from another device: pending, its window open. */
    async submit(ownerKey: Signer, capsuleId: string) {
      await submitOnChain(ownerKey, await call(capsuleSubmit, { params: { id: capsuleId }, body: {} }, ownerKey));
      await untilStatus(ownerKey, capsuleId, "pending");
    },
    /**
     * Asks the bridge for a draft's submission voucher, as its journalist's other device does before its wallet pays:
     * the draft is frozen until the voucher lapses or the chain has the capsule. The answer, for `submitVoucher`.
     */
    voucher: (ownerKey: Signer, capsuleId: string): Promise<SubmitAnswer> => call(capsuleSubmit, { params: { id: capsuleId }, body: {} }, ownerKey),
    /** Sends a voucher asked for with `voucher` to the chain (that device's wallet paying): pending, its window open. */
    async submitVoucher(ownerKey: Signer, capsuleId: string, answer: SubmitAnswer) {
      await submitOnChain(ownerKey, answer);
      await untilStatus(ownerKey, capsuleId, "pending");
    },
    async draft(ownerKey: Signer, slug: string, title: string, body: string): Promise<string> {
      const created = await call(capsuleCreate, { body: { title, body, outletSlug: slug, category: "city", tags: ["harbour"], status: "draft" } }, ownerKey);
      return created.capsuleId;
    },
    async finalized(ownerKey: Signer, slug: string, title: string, body: string, extra: { supportingCapsules?: string[]; subtitle?: string; language?: string; featureImage?: { contentHash: string; alt: string }; contributors?: Array<{ wallet: string; displayName: string; role: number; contributionType: "author"; shareBps: number }> } = {}): Promise<string> {
      const created = await call(capsuleCreate, { body: { title, body, outletSlug: slug, category: "city", tags: ["harbour"], status: "draft", ...extra } }, ownerKey);
      await finalize(ownerKey, created.capsuleId);
      return created.capsuleId;
    },
    /** A correction of `capsuleId` taken through the whole vote: finalized, the original superseded. */
    async finalizedCorrection(ownerKey: Signer, capsuleId: string, body: string, revisionReason: string): Promise<string> {
      const correction = await call(capsuleHistoryAdd, { params: { id: capsuleId }, body: { capsuleType: "correction", revisionReason, body } }, ownerKey);
      await finalize(ownerKey, correction.capsuleId);
      return correction.capsuleId;
    },
    /** A finalized article whose draft had `evidence` and these claims (evidence by position in `evidence`). */
    async finalizedWithClaims(
      ownerKey: Signer,
      slug: string,
      title: string,
      body: string,
      evidence: NonNullable<CallInput<typeof capsuleCreate>["body"]["evidence"]>,
      claims: Array<{ exact: string; claimType: "statistic" | "quote" | "event" | "attribution" | "other"; evidence: number[]; note?: string }>,
    ): Promise<string> {
      const created = await call(capsuleCreate, { body: { title, body, outletSlug: slug, category: "city", tags: ["harbour"], status: "draft", evidence } }, ownerKey);
      const ids = created.evidence.map((e) => e.evidenceId);
      const items = claims.map(({ evidence: picks, ...claim }) => ({ ...claim, evidenceIds: picks.map((i) => ids[i]!) }));
      await call(capsuleClaimsSet, { params: { id: created.capsuleId }, body: { claims: items } }, ownerKey);
      await finalize(ownerKey, created.capsuleId);
      return created.capsuleId;
    },
    /** A correction of `capsuleId` submitted on chain and left under vote (pending). */
    async correctionUnderVote(ownerKey: Signer, capsuleId: string, body: string): Promise<string> {
      const correction = await call(capsuleHistoryAdd, { params: { id: capsuleId }, body: { capsuleType: "correction", revisionReason: "The works start a month later.", body } }, ownerKey);
      await submitOnChain(ownerKey, await call(capsuleSubmit, { params: { id: correction.capsuleId }, body: {} }, ownerKey));
      await untilStatus(ownerKey, correction.capsuleId, "pending");
      return correction.capsuleId;
    },
  };
}

/** Every page of the site, for sweeps that visit them all (touch targets, plain words): `slug` an outlet, `article` a finalized capsule of it, `draft` a draft, `author` its journalist. */
export const everyPage = (ids: { slug: string; article: string; draft: string; author: Address }): string[] => [
  "/",
  "/network",
  "/newsroom",
  "/inbox",
  "/bonds",
  "/outlets",
  `/outlets/${ids.slug}`,
  "/court",
  "/distribution",
  "/rights",
  "/bounties",
  "/burn",
  "/operator",
  "/capsules/new",
  `/capsules/${ids.article}`,
  `/capsules/${ids.article}/history`,
  `/capsules/${ids.draft}/edit`,
  `/read/${ids.article}`,
  `/read/${ids.article}/history`,
  `/authors/${ids.author}`,
  `/network/address/${ids.author}`,
];
