import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFunctionData, parseEther, type Address } from "viem";
import { articleRegistryAbi, capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { outletKey } from "@/lib/chain/vouchers";
import { startContractsFixture, type Fixture } from "@/test/contracts/fixture";
import type { LabelNode } from "./label-check";
import { latestVersion } from "./latest-version";
import { nodeOf } from "./verify-label";

// The walk to an article's latest version against the registry on anvil, while other articles are published and
// corrected around it: the node requests it makes depend on the article's own revisions only
// (revisionsOf of each version, capsules(id) of each revision), never on the registry's other traffic or on the
// article's age.

let f: Fixture;
const WINDOW = 3600n;
const AUTHOR = 1;
const FINALIZER = 2;
const VOTER = 5;

const registry = () => ({ address: f.addr("articleRegistry") as Address, abi: articleRegistryAbi });

/** The node through viem, as `npm run verify` reads it, with each request written down (eth_call with the capsule id it reads). */
function countedNode() {
  const node = nodeOf(f.publicClient);
  const asked: string[] = [];
  const counted: LabelNode = {
    receipt: (hash) => (asked.push("eth_getTransactionReceipt"), node.receipt(hash)),
    logs: (filter) => (asked.push("eth_getLogs"), node.logs(filter)),
    call: (to, data) => {
      const { functionName, args } = decodeFunctionData({ abi: articleRegistryAbi, data });
      asked.push(`eth_call ${functionName}(${String(args?.[0])})`);
      return node.call(to, data);
    },
  };
  return { node: counted, asked };
}

/**
 * One voting window: submits each version (parent 0n: an original), votes yes on those to `accept`, closes the window
 * and finalizes them all (the others are rejected); answers each one's id and its article number (0 when rejected).
 */
async function round(versions: Array<{ parent: bigint; accept: boolean }>) {
  const submitted = [];
  for (const { parent, accept } of versions) {
    const v = await f.voucher(f.accounts[AUTHOR]!.address, { parentCapsuleId: parent, windowSeconds: WINDOW });
    await f.mined(f.submit(AUTHOR, v));
    if (accept) await f.mined(f.wallets[VOTER]!.writeContract({ address: f.addr("capsuleAcceptance"), abi: capsuleAcceptanceAbi, functionName: "castVote", args: [v.capsuleId, true] }));
    submitted.push(v.capsuleId);
  }
  await f.advance(Number(WINDOW));
  const out = [];
  for (const id of submitted) {
    await f.mined(f.wallets[FINALIZER]!.writeContract({ ...registry(), functionName: "finalizeCapsule", args: [id] }));
    const stored = await f.publicClient.readContract({ ...registry(), functionName: "capsules", args: [id] });
    out.push({ id, articleId: stored[7] });
  }
  return out;
}

/** `n` other articles' versions: originals, and corrections of `revising` (their own CapsuleRevises on the registry). */
const others = (n: number, revising: bigint[] = []) => Array.from({ length: n }, (_, i) => ({ parent: revising[i] ?? 0n, accept: true }));

beforeAll(async () => {
  f = await startContractsFixture();
  await f.mined(f.wallets[VOTER]!.writeContract({ address: f.addr("roleRegistry"), abi: roleRegistryAbi, functionName: "deposit", value: parseEther("10") }));
  await f.mined(f.wallets[0]!.writeContract({ address: f.addr("roleRegistry"), abi: roleRegistryAbi, functionName: "setVoter", args: [outletKey("daily-ledger"), f.accounts[VOTER]!.address, true] }));
});
afterAll(async () => {
  await f?.stop();
});

describe("the latest version on a busy registry", () => {
  it("follows a revision of a rejected revision and a second branch, in eth_calls only, whatever other articles' capsules the registry holds", async () => {
    const [shown, ...first] = await round([{ parent: 0n, accept: true }, ...others(8)]);
    // a correction of the shown version is rejected; other articles are published and corrected meanwhile
    const [rejected, ...second] = await round([{ parent: shown!.id, accept: false }, ...others(8, first.map((o) => o.id))]);
    // a revision of the rejected revision is finalized: the registry emitted no CapsuleSuperseded for it
    const [revisedRejected] = await round([{ parent: rejected!.id, accept: true }, ...others(8, second.map((o) => o.id))]);

    const one = countedNode();
    expect(await latestVersion(one.node, f.addr("articleRegistry"), shown!.id.toString())).toEqual({
      latest: revisedRejected!.id.toString(),
      newer: [{ capsuleId: revisedRejected!.id.toString(), articleId: revisedRejected!.articleId }],
    });

    // a second revision of the shown version, finalized later: two branches, the newest finalized is the latest
    const [branch] = await round([{ parent: shown!.id, accept: true }, ...others(8)]);
    const two = countedNode();
    const expected = {
      latest: branch!.id.toString(),
      newer: [
        { capsuleId: revisedRejected!.id.toString(), articleId: revisedRejected!.articleId },
        { capsuleId: branch!.id.toString(), articleId: branch!.articleId },
      ],
    };
    expect(await latestVersion(two.node, f.addr("articleRegistry"), shown!.id.toString())).toEqual(expected);
    // the shown version's status, the revisions of each version of the article, then the status of each revision
    const [r, b, rr] = [rejected!.id, branch!.id, revisedRejected!.id];
    expect(two.asked).toEqual([
      `eth_call capsules(${shown!.id})`,
      `eth_call revisionsOf(${shown!.id})`,
      `eth_call revisionsOf(${r})`,
      `eth_call revisionsOf(${b})`,
      `eth_call revisionsOf(${rr})`,
      `eth_call capsules(${r})`,
      `eth_call capsules(${b})`,
      `eth_call capsules(${rr})`,
    ]);

    // twenty more capsules of other articles finalized: not one more request (the walk reads no logs and no block
    // range, so the chain's length cannot count either: RegistryNode offers it eth_call only)
    await round(others(20));
    const three = countedNode();
    expect(await latestVersion(three.node, f.addr("articleRegistry"), shown!.id.toString())).toEqual(expected);
    expect(three.asked).toEqual(two.asked);
  });
});
