import { createPublicClient, createWalletClient, defineChain, http, parseEther, parseEventLogs, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi, capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import { outletKey, signSubmitVoucher } from "@/lib/chain/vouchers";
import type { Db } from "@/lib/db/database";
import { indexerStartBlock } from "@/lib/indexer/sources";
import { devKeys, TEST_OPERATOR_KEY } from "@/test/support/anvil";

// Chain activity for the indexer's tests, without the bridge's write routes (another engineer is
// rewriting the vote relay): an outlet and its drafts written in SQL as the bridge would, the
// capsules submitted by the journalist's wallet with a voucher the operator signs, votes cast
// directly by the voters' wallets, and the node's reorg and rollback methods.

export const JOURNALIST = 1;
export const VOTERS = [2, 3, 4, 5, 6, 7, 8, 9] as const;
export const WINDOW = 30n * 24n * 3600n;
const bondOf = (index: number) => parseEther(String(10 + index));
export const eligibleWeight = () => VOTERS.reduce((sum, i) => sum + bondOf(i), 0n);

export type VoteStream = ReturnType<typeof voteStream>;

export function voteStream(rpcUrl: string, deployment: DeploymentRecord) {
  const chain = defineChain({ id: deployment.chainId, name: "test", nativeCurrency: { name: "Capsule", symbol: "CAP", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  // account 0 is the deployment's operator (the stack deploys with the test operator key, the
  // contracts fixture with anvil's first dev key); the others are anvil's funded dev accounts
  const operatorKey = [TEST_OPERATOR_KEY, devKeys[0]!].find((key) => privateKeyToAccount(key).address.toLowerCase() === deployment.deployer.toLowerCase());
  if (!operatorKey) throw new Error(`no known key for the deployer ${deployment.deployer}`);
  const accounts = [operatorKey, ...devKeys.slice(1)].map((key) => privateKeyToAccount(key));
  const wallets = accounts.map((account) => createWalletClient({ chain, transport, account, pollingInterval: 50 }));
  const address = (key: keyof DeploymentRecord["contracts"]) => deployment.contracts[key].address as Address;
  const acceptance = { address: address("capsuleAcceptance"), abi: capsuleAcceptanceAbi } as const;

  const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
    const response = await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  const mined = async (hash: Hex | Promise<Hex>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== "success") throw new Error(`transaction ${receipt.transactionHash} reverted`);
    return receipt;
  };

  /** `count` more draft rows of the journalist at the existing outlet `slug` (`tag` keeps their slugs apart); answers their ids. */
  async function addDrafts(db: Db, slug: string, count: number, tag = "story"): Promise<number[]> {
    const now = Math.floor(Date.now() / 1000);
    const outlet = await db.selectFrom("outlets").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let k = 1; k <= count; k += 1) {
      const row = await db
        .insertInto("capsules")
        .values({
          outlet_id: outlet.id,
          outlet_slug: slug,
          article_slug: `${slug}-${tag}-${k}`,
          title: `Story ${tag === "story" ? "" : `${tag} `}${k}`,
          language: "en",
          tags_json: "[]",
          body: `Body ${tag === "story" ? "" : `${tag} `}${k}`,
          metadata_uri: `ipfs://${slug}-${tag}-${k}`,
          content_hash: `0x${"ab".repeat(32)}`,
          submitter: accounts[JOURNALIST]!.address,
          status: "draft",
          capsule_type: "original",
          policy_id: "default",
          window_seconds: Number(WINDOW),
          approval_threshold: 60,
          quorum_threshold: 5,
          eligible_weight: eligibleWeight().toString(),
          root_capsule_id: null,
          parent_capsule_id: null,
          revision_number: 0,
          revision_reason: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  return {
    publicClient,
    accounts,
    rpc,
    head: async () => Number(await publicClient.getBlockNumber({ cacheTime: 0 })),
    hashAt: async (block: number) => (await publicClient.getBlock({ blockNumber: BigInt(block) })).hash,

    /** The outlet and `count` drafts in SQL, as the bridge writes them before a submission; answers their ids. */
    async seedDrafts(db: Db, slug: string, count: number): Promise<number[]> {
      const now = Math.floor(Date.now() / 1000);
      await db
        .insertInto("outlets")
        .values({ slug, name: `Desk ${slug}`, domain: `${slug}.example.org`, owner_wallet: accounts[0]!.address, status: "active", policy_id: "default", verification_token: "00".repeat(32), created_at: now, updated_at: now })
        .execute();
      return addDrafts(db, slug, count);
    },

    addDrafts,

    /** Bonds for every voter and the voter flag at the outlet (RoleRegistry, by the operator). */
    async enableVoters(slug: string) {
      const roles = { address: address("roleRegistry"), abi: roleRegistryAbi } as const;
      for (const i of VOTERS) await mined(wallets[i]!.writeContract({ ...roles, functionName: "deposit", value: bondOf(i) }));
      for (const i of VOTERS) await mined(wallets[0]!.writeContract({ ...roles, functionName: "setVoter", args: [outletKey(slug), accounts[i]!.address, true] }));
    },

    /** The journalist's wallet submits each draft with an operator-signed voucher (30-unit fee). */
    async publish(slug: string, ids: number[]) {
      for (const id of ids) {
        const latest = await publicClient.getBlock({ blockTag: "latest" });
        const voucher = {
          capsuleId: BigInt(id),
          outletSlug: slug,
          submitter: accounts[JOURNALIST]!.address,
          contentHash: `0x${"ab".repeat(32)}` as Hex,
          parentCapsuleId: 0n,
          windowSeconds: WINDOW,
          eligibleWeight: eligibleWeight(),
          approvalPct: 60,
          quorumPct: 5,
          deadline: latest.timestamp + 600n,
          manifestHash: `0x${"cd".repeat(32)}` as Hex,
          evidenceRoot: `0x${"00".repeat(32)}` as Hex,
        };
        const signature = await signSubmitVoucher(accounts[0]!, address("articleRegistry"), deployment.chainId, voucher);
        await mined(
          wallets[JOURNALIST]!.writeContract({ address: address("articleRegistry"), abi: articleRegistryAbi, functionName: "submitCapsule", args: [voucher, signature], value: parseEther("30") }),
        );
      }
    },

    /** The voter's own wallet calls castVote; answers the receipt's block. */
    async vote(voter: number, capsuleId: number, support: boolean): Promise<number> {
      const receipt = await mined(wallets[voter]!.writeContract({ ...acceptance, functionName: "castVote", args: [BigInt(capsuleId), support] }));
      return Number(receipt.blockNumber);
    },

    hasVoted: (voter: number, capsuleId: number) =>
      publicClient.readContract({ ...acceptance, functionName: "hasVoted", args: [BigInt(capsuleId), accounts[voter]!.address] }),

    tally: (capsuleId: number) => publicClient.readContract({ ...acceptance, functionName: "tally", args: [BigInt(capsuleId)] }),

    /** Every VoteCast log on the node now (eth_getLogs from the deployment block). */
    async voteLogs() {
      const logs = await publicClient.getLogs({ address: acceptance.address, fromBlock: BigInt(indexerStartBlock(deployment)), toBlock: "latest" });
      return parseEventLogs({ abi: capsuleAcceptanceAbi, eventName: "VoteCast", logs });
    },

    mine: (blocks: number) => rpc("anvil_mine", [`0x${blocks.toString(16)}`]),
    /** Replaces the last `depth` blocks with as many empty ones (their transactions are dropped). */
    reorg: (depth: number) => rpc("anvil_reorg", [depth, []]),
    /** Removes the last `depth` blocks (their transactions are dropped). */
    rollback: (depth: number) => rpc("anvil_rollback", [depth]),
    snapshot: async () => String(await rpc("evm_snapshot", [])),
    revert: (id: string) => rpc("evm_revert", [id]),
    address: (index: number): Address => accounts[index]!.address,
  };
}
