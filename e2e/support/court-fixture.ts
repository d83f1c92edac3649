import { createHash } from "node:crypto";
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, capsuleAcceptanceAbi, roleRegistryAbi } from "../../lib/chain/abi";
import { capsuleChain } from "../../lib/chain/chain";
import { signBallot, submitVoucherFromJson, type SubmitVoucherJson } from "../../lib/chain/vouchers";
import { devKeys } from "../../test/support/anvil";
import { bridgeClient } from "../../test/support/bridge-client";
import { publishTxt } from "./dns-server";

// A finalized capsule for the court e2e test, walked through the real lifecycle over the bridge API
// and the chain (as test/court/support.ts does): bonds deposited, an outlet created and verified
// through the e2e DNS server, the Court clerk role granted by the operator, a draft created,
// submitted with the fee from the journalist's wallet, voted yes by a relayed ballot, the window
// closed by anvil time travel, and accepted. Nothing here is what the browser test checks.

type Json = Record<string, unknown>;
type Contracts = Record<"roleRegistry" | "articleRegistry" | "capsuleAcceptance", { address: Address }>;
type SubmitAnswer = {
  registry: Address;
  signature: Hex;
  fee: string;
  voucher: SubmitVoucherJson;
};

const OPERATOR_KEY = 0;
const COURT_OUTLET = "capsule-court";
const COURT_CLERK_ROLE = 4;

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
  let contracts: Contracts | undefined;

  const post = async <T = Json>(path: string, action: string, keyIndex: number, payload: unknown): Promise<T> => {
    const res = await api.post<T>(path, action, keyOf(keyIndex), payload);
    if (res.status !== 200 && res.status !== 201) throw new Error(`${action} by key #${keyIndex} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const get = async <T = Json>(path: string): Promise<T> => {
    const res = await api.get<T>(path);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const getContracts = async () => (contracts ??= (await get<{ contracts: Contracts }>("/api/meta/contracts-summary")).contracts);
  const nodeRpc = async (method: string, params: unknown[]) => {
    const res = await fetch(nodeRpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  };

  async function deposit(keyIndex: number, units: string) {
    const { roleRegistry } = await getContracts();
    const hash = await walletOf(keyIndex).writeContract({ address: roleRegistry.address, abi: roleRegistryAbi, functionName: "deposit", value: parseEther(units) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error(`deposit by key #${keyIndex} reverted`);
  }

  async function activeOutlet(ownerKey: number, slug: string, name: string) {
    const domain = `${slug}.example.net`;
    const created = await post<{ txtRecord: { value: string } }>("/api/outlets/create", "outlets.create", ownerKey, { slug, name, domain });
    publishTxt(domain, [created.txtRecord.value]);
    const verified = await post<{ verified: boolean }>("/api/outlets/verify", "outlets.verify", ownerKey, { outletSlug: slug, method: "dns_txt" });
    if (!verified.verified) throw new Error(`outlet ${slug} did not verify: ${JSON.stringify(verified)}`);
  }

  /** The journalist's wallet sends ArticleRegistry.submitCapsule(voucher, signature) with the fee. */
  async function submitOnChain(keyIndex: number, answer: SubmitAnswer) {
    const voucher = submitVoucherFromJson(answer.voucher);
    const hash = await walletOf(keyIndex).writeContract({ address: answer.registry, abi: articleRegistryAbi, functionName: "submitCapsule", args: [voucher, answer.signature], value: BigInt(answer.fee) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== "success") throw new Error("submitCapsule reverted");
  }

  async function relayYes(keyIndex: number, capsuleId: string) {
    const { capsuleAcceptance } = await getContracts();
    const account = privateKeyToAccount(keyOf(keyIndex));
    const nonce = await publicClient.readContract({ address: capsuleAcceptance.address, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [account.address] });
    const block = await publicClient.getBlock({ blockTag: "latest" });
    const deadline = block.timestamp + 3600n;
    const signature = await signBallot(account, capsuleAcceptance.address, chain.id, { capsuleId: BigInt(capsuleId), support: true, voter: account.address, nonce, deadline });
    await post(`/api/capsules/${capsuleId}/vote`, "capsules.vote", keyIndex, { support: true, deadline: deadline.toString(), signature });
  }

  /** Waits until the bridge's read model shows the capsule finalized (the indexer may be a block behind the accept answer). */
  async function untilFinalized(capsuleId: string) {
    for (let attempt = 0; attempt < 120; attempt++) {
      const read = await get<{ capsule: { status: string } }>(`/api/capsules/${capsuleId}`);
      if (read.capsule.status === "finalized") return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`capsule ${capsuleId} did not become finalized`);
  }

  return {
    api,
    /**
     * Sets up an outlet owned by `ownerKey` (also the capsule's journalist and its only voting
     * Editor), bonds for `disputerKey` (10 CAP) and `clerkKey` (500 CAP, then Court clerk at
     * capsule-court), and one finalized capsule with one evidence item.
     */
    async finalizedCapsule(opts: { ownerKey: number; disputerKey: number; clerkKey: number; slug: string; outletName: string; title: string }): Promise<CourtFixture> {
      await deposit(opts.ownerKey, "1000");
      await deposit(opts.disputerKey, "10");
      await deposit(opts.clerkKey, "500");
      await activeOutlet(opts.ownerKey, opts.slug, opts.outletName);
      await post("/api/roles/grant", "roles.grant", OPERATOR_KEY, { outletSlug: COURT_OUTLET, wallet: addressOf(opts.clerkKey), roleId: COURT_CLERK_ROLE });

      const evidenceLabel = "Council minutes, 12 March";
      const created = await post<{ capsuleId: string; evidence: Array<{ evidenceId: string }> }>("/api/capsules/create", "capsules.create", opts.ownerKey, {
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
      });
      const capsuleId = created.capsuleId;
      const evidenceId = created.evidence[0]?.evidenceId;
      if (!evidenceId) throw new Error("the draft has no evidence item");
      const voucher = await post<SubmitAnswer>(`/api/capsules/${capsuleId}/submit`, "capsules.submit", opts.ownerKey, {});
      await submitOnChain(opts.ownerKey, voucher);
      await relayYes(opts.ownerKey, capsuleId);
      await nodeRpc("evm_increaseTime", [259_200 + 5]);
      await nodeRpc("evm_mine", []);
      await post(`/api/capsules/${capsuleId}/accept`, "capsules.accept", opts.ownerKey, { capsuleId });
      await untilFinalized(capsuleId);
      return { outletSlug: opts.slug, outletName: opts.outletName, capsuleId, title: opts.title, evidenceId, evidenceLabel };
    },
  };
}
