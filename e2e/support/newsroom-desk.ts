import { createPublicClient, createWalletClient, getAddress, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { articleRegistryAbi } from "@/lib/chain/abi";
import { capsuleChain } from "@/lib/chain/chain";
import { submitVoucherFromJson } from "@/lib/chain/vouchers";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { ROLE } from "@/lib/roles/role-catalog";
import { devKeys } from "@/test/support/anvil";
import { capsuleDesk, keyAddress } from "./capsule-desk";

// Setup for the newsroom e2e tests (issue 13) that is not what they check: a capsule submitted
// with the fee from its author's wallet and open for voting, with the author named as contributor.

export function newsroomDesk() {
  const desk = capsuleDesk();
  const nodeRpcUrl = process.env.CAPSULE_E2E_NODE_RPC_URL ?? "";
  const chain = capsuleChain(nodeRpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(nodeRpcUrl) });
  return {
    ...desk,
    /** A capsule by `authorKey` (an Editor of the outlet), submitted on chain and pending. */
    async pendingCapsule(authorKey: number, outletSlug: string, title: string, authorName: string): Promise<string> {
      const created = await desk.call(
        capsuleCreate,
        { body: { title, body: `${title}.\n\nConfirmed by the city on Monday.`, outletSlug, contributors: [{ wallet: keyAddress(authorKey), displayName: authorName, role: ROLE.EDITOR, contributionType: "author", shareBps: 10_000 }] } },
        authorKey,
      );
      const voucher = await desk.call(capsuleSubmit, { params: { id: created.capsuleId }, body: {} }, authorKey);
      const wallet = createWalletClient({ chain, transport: http(nodeRpcUrl), account: privateKeyToAccount(devKeys[authorKey] as Hex) });
      const hash = await wallet.writeContract({
        address: getAddress(voucher.registry),
        abi: articleRegistryAbi,
        functionName: "submitCapsule",
        args: [submitVoucherFromJson(voucher.voucher), voucher.signature as Hex],
        value: BigInt(voucher.fee),
      });
      if ((await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status !== "success") throw new Error("submitCapsule reverted");
      for (let attempt = 0; attempt < 120; attempt++) {
        // signed by the author: it is a (private) draft until the indexer projects the submission
        if ((await desk.call(capsuleRead, { params: { id: created.capsuleId } }, authorKey)).capsule.status === "pending") return created.capsuleId;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`capsule ${created.capsuleId} did not become pending`);
    },
  };
}
