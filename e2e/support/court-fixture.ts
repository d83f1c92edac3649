import { createHash } from "node:crypto";
import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, capsuleAcceptanceAbi, licenceEscrowAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { signBallot, submitVoucherFromJson } from "@/lib/chain/vouchers";
import type { CallInput } from "@/lib/api/request";
import type { Endpoint, ResponseOf } from "@/lib/endpoints/define";
import { capsuleAccept } from "@/features/capsules/accept.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { contractsSummary } from "@/features/operator/contracts-summary.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { outletVerify } from "@/features/outlets/verify.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";
import { rightsLicense } from "@/features/rights/license.endpoint";
import { devKeys } from "@/test/support/anvil";
import { bridgeClient } from "@/test/support/bridge-client";
import { publishTxt } from "./dns-server";
import { outletNameOfRun } from "./outlet-names";

// A finalized capsule for the court e2e tests, walked through the real lifecycle over the bridge API
// and the chain (as features/court/court.test-support.ts does): bonds deposited, an outlet created and verified
// through the e2e DNS server, a draft created,
// submitted with the fee from the journalist's wallet, voted yes by a relayed ballot, the window
// closed by anvil time travel, and accepted. Nothing here is what the browser test checks.

type SubmitAnswer = ResponseOf<typeof capsuleSubmit>;

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (e2e/global-setup.ts sets it)`);
  return value;
}

const keyOf = (index: number) => {
  const key = devKeys[index] as Hex | undefined;
  if (!key) throw new Error(`no anvil dev key #${index}`);
  return key;
};
export const addressOf = (index: number): Address => privateKeyToAccount(keyOf(index)).address;
const sha256 = (text: string) => `0x${createHash("sha256").update(text, "utf8").digest("hex")}`;

export type CourtFixture = {
  outletSlug: string;
  outletName: string;
  capsuleId: string;
  title: string;
  evidenceId: string;
  evidenceLabel: string;
};

export function courtDesk() {
  const api = bridgeClient(env("CAPSULE_E2E_BASE_URL"));
  const nodeRpcUrl = env("CAPSULE_E2E_NODE_RPC_URL");
  const chain = capsuleChain(nodeRpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(nodeRpcUrl) });
  const walletOf = (index: number) => createWalletClient({ chain, transport: http(nodeRpcUrl), account: privateKeyToAccount(keyOf(index)) });
  let contracts: Record<string, { address: string }> | undefined;

  /** A typed call signed by dev key #keyIndex (the parsed answer, or the bridge's error as ApiError). */
  const call = <E extends Endpoint>(endpoint: E, input: CallInput<E>, keyIndex?: number): Promise<ResponseOf<E>> =>
    api.call(endpoint, input, keyIndex === undefined ? undefined : keyOf(keyIndex));
  const contractAddress = async (name: "roleRegistry" | "articleRegistry" | "capsuleAcceptance" | "licenceEscrow"): Promise<Address> => {
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

  async function deposit(keyIndex: number, units: string) {
    const hash = await walletOf(keyIndex).writeContract({ address: await contractAddress("roleRegistry"), abi: roleRegistryAbi, functionName: "deposit", value: parseEther(units) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error(`deposit by key #${keyIndex} reverted`);
  }

  /** The outlet, active, named `name` with this run's suffix (./outlet-names.ts): the name it got. */
  async function activeOutlet(ownerKey: number, slug: string, name: string): Promise<string> {
    const domain = `${slug}.example.net`;
    const created = await call(outletCreate, { body: { slug, name: outletNameOfRun(name), domain } }, ownerKey);
    publishTxt(domain, [created.txtRecord.value]);
    const verified = await call(outletVerify, { body: { outletSlug: slug, method: "dns_txt" } }, ownerKey);
    if (!verified.verified) throw new Error(`outlet ${slug} did not verify: ${JSON.stringify(verified)}`);
    return created.outlet.name;
  }

  /** The journalist's wallet sends ArticleRegistry.submitCapsule(voucher, signature) with the fee. */
  async function submitOnChain(keyIndex: number, answer: SubmitAnswer) {
    const voucher = submitVoucherFromJson(answer.voucher);
    const hash = await walletOf(keyIndex).writeContract({ address: getAddress(answer.registry), abi: articleRegistryAbi, functionName: "submitCapsule", args: [voucher, answer.signature as Hex], value: BigInt(answer.fee) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error("submitCapsule reverted");
  }

  async function relayYes(keyIndex: number, capsuleId: string) {
    const capsuleAcceptance = await contractAddress("capsuleAcceptance");
    const account = privateKeyToAccount(keyOf(keyIndex));
    const nonce = await publicClient.readContract({ address: capsuleAcceptance, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [account.address] });
    const block = await publicClient.getBlock({ blockTag: "latest" });
    const deadline = block.timestamp + 3600n;
    const signature = await signBallot(account, capsuleAcceptance, chain.id, { capsuleId: BigInt(capsuleId), support: true, voter: account.address, nonce, deadline });
    await call(capsuleVote, { params: { id: capsuleId }, body: { support: true, deadline: deadline.toString(), signature } }, keyIndex);
  }

  /** Waits until the bridge's read model shows the capsule finalized (the indexer may be a block behind the accept answer). */
  async function untilFinalized(capsuleId: string) {
    for (let attempt = 0; attempt < 120; attempt++) {
      const read = await call(capsuleRead, { params: { id: capsuleId } });
      if (read.capsule.status === "finalized") return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`capsule ${capsuleId} did not become finalized`);
  }

  return {
    api,
    /** An exclusive listing of the capsule's rights in France by `ownerKey`, paid to it. */
    async exclusiveListing(ownerKey: number, capsuleId: string, price: bigint) {
      // in France: an exclusive licence may not overlap the listings other tests make (Germany)
      const made = await call(rightsCreate, { body: { capsuleId, licenceType: "exclusive", territory: "fr", price: price.toString(), currency: "CAP", terms: "Exclusive first publication rights in France, with credit." } }, ownerKey);
      return made.listing;
    },
    /** Another buyer (`keyIndex`) deposits into LicenceEscrow and takes the licence over the API. */
    async licenceThroughEscrow(keyIndex: number, listingId: string, payee: Address, price: bigint) {
      const hash = await walletOf(keyIndex).writeContract({ address: await contractAddress("licenceEscrow"), abi: licenceEscrowAbi, functionName: "deposit", args: [BigInt(listingId), payee], value: price });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      if (receipt.status !== "success") throw new Error("the escrow deposit reverted");
      return call(rightsLicense, { body: { listingId, paymentTxHash: hash } }, keyIndex);
    },
    /**
     * A licence that is granted and then goes void: `keyIndex` deposits and takes the licence while no block is mined
     * (the operator's release is only sent), then, a week on by the chain's clock, reclaims the deposit with a higher tip,
     * so one block mines the reclaim first and the release reverts. Answers the grant (`licence.status` "pending").
     */
    async licenceReclaimedBeforeRelease(keyIndex: number, listingId: string, payee: Address, price: bigint) {
      const escrow = await contractAddress("licenceEscrow");
      const hash = await walletOf(keyIndex).writeContract({ address: escrow, abi: licenceEscrowAbi, functionName: "deposit", args: [BigInt(listingId), payee], value: price });
      if ((await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status !== "success") throw new Error("the escrow deposit reverted");
      await nodeRpc("evm_setAutomine", [false]);
      try {
        const granted = await call(rightsLicense, { body: { listingId, paymentTxHash: hash } }, keyIndex);
        if (!granted.settlement) throw new Error("a priced licence was granted without a release");
        const reclaimAfter = await publicClient.readContract({ address: escrow, abi: licenceEscrowAbi, functionName: "reclaimAfter" });
        await nodeRpc("evm_increaseTime", [Number(reclaimAfter) + 60]);
        const gwei = 1_000_000_000n;
        await walletOf(keyIndex).writeContract({ address: escrow, abi: licenceEscrowAbi, functionName: "reclaim", args: [BigInt(granted.settlement.paymentId)], gas: 200_000n, maxPriorityFeePerGas: 50n * gwei, maxFeePerGas: 500n * gwei });
        await nodeRpc("evm_mine", []);
        return granted;
      } finally {
        await nodeRpc("evm_setAutomine", [true]);
      }
    },
    /** Moves the chain's clock forward and mines a block. */
    async advanceChainTime(seconds: number) {
      await nodeRpc("evm_increaseTime", [seconds]);
      await nodeRpc("evm_mine", []);
    },
    /**
     * Sets up an outlet owned by `ownerKey` (also the capsule's journalist and its only voting
     * Editor), a bond for `disputerKey` (10 CAP), and one finalized capsule with one evidence item.
     * A jury decides its cases: e2e/support/jury-chain.ts seats a bench and drives one to its finding.
     */
    async finalizedCapsule(opts: { ownerKey: number; disputerKey: number; slug: string; outletName: string; title: string }): Promise<CourtFixture> {
      await deposit(opts.ownerKey, "1000");
      await deposit(opts.disputerKey, "10");
      const outletName = await activeOutlet(opts.ownerKey, opts.slug, opts.outletName);

      const evidenceLabel = "Council minutes, 12 March";
      const created = await call(capsuleCreate, { body: {
        title: opts.title,
        body: `${opts.title}.\n\nThe council's budget rose by forty percent this year, according to the minutes of its March session.`,
        outletSlug: opts.slug,
        category: "politics",
        tags: ["council", "budget"],
        sourceUrl: "https://records.example.org/council/minutes-0312",
        rightsNotes: "All rights reserved",
        evidence: [
          { uri: "https://archive.example.org/council/minutes-0312.pdf", contentHash: sha256(`${opts.title} minutes`), evidenceType: "document", mimeType: "application/pdf", isPrimary: true, label: evidenceLabel },
        ],
        status: "draft",
      } }, opts.ownerKey);
      const capsuleId = created.capsuleId;
      const evidenceId = created.evidence[0]?.evidenceId;
      if (!evidenceId) throw new Error("the draft has no evidence item");
      const voucher = await call(capsuleSubmit, { params: { id: capsuleId }, body: {} }, opts.ownerKey);
      await submitOnChain(opts.ownerKey, voucher);
      await relayYes(opts.ownerKey, capsuleId);
      await nodeRpc("evm_increaseTime", [259_200 + 5]);
      await nodeRpc("evm_mine", []);
      await call(capsuleAccept, { params: { id: capsuleId }, body: { capsuleId } }, opts.ownerKey);
      await untilFinalized(capsuleId);
      return { outletSlug: opts.slug, outletName, capsuleId, title: opts.title, evidenceId, evidenceLabel };
    },
  };
}
