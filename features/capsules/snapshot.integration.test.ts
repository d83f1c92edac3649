import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEther, type Hex } from "viem";
import { ROLE } from "@/lib/roles/role-catalog";
import { capsuleAcceptanceAbi, roleRegistryAbi } from "@/lib/chain/abi";
import { outletKey } from "@/lib/chain/vouchers";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { devKeys } from "@/test/support/anvil";
import { startDeskStack, type TestDns } from "@/test/support/desk-stack";
import { dialectsUnderTest, type Stack } from "@/test/support/stack";
import { eventually } from "@/features/outlets/outlets.test-support";
import { addr, chainAccess, deployedContracts, expectError, grantRole, staffedDesk, type Api, type Contracts, type Json } from "./capsules.test-support";

// Issue 11 item 5 over HTTP: the electorate of a capsule is frozen at the block before its window
// opened. An Editor granted (and flagged on chain) after opening gets 403 naming the snapshot block;
// a bond raised after opening does not change that voter's weight; participation never exceeds 100.00.

const dialects = await dialectsUnderTest();
const [ownerKey, editorKey, journalistKey, lateKey] = [devKeys[1], devKeys[2], devKeys[3], devKeys[4]] as [Hex, Hex, Hex, Hex];
const [editor, journalist, late] = [addr(editorKey), addr(journalistKey), addr(lateKey)];
const SLUG = "snapshot-desk";

describe.each(dialects)("voting snapshot on %s", (dialect) => {
  let stack: Stack;
  let dns: TestDns;
  let stopDesk: () => Promise<void>;
  let api: Api;
  let chain: ReturnType<typeof chainAccess>;
  let contracts: Contracts;
  let capsuleId = "";

  // a draft is private to its author until the indexer projects the submission: read as the author
  const read = async (id: string) => (await api.send(capsuleRead, { params: { id } }, journalistKey)).body;
  const vote = async (key: Hex, id: string, support: boolean) => api.send(capsuleVote, { params: { id }, body: await chain.ballot(key, id, support) }, key);
  /** The bridge's counts of batched chain checks and of waits for the indexer (GET /metrics). */
  const counters = async () => {
    const text = await (await fetch(`${stack.baseUrl}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1] ?? Number.NaN);
    return { batches: value("capsule_node_check_batches_total"), waits: value("capsule_projection_waits_total") };
  };
  const snapshotBlock = async (id: string) =>
    (await chain.publicClient.readContract({ address: contracts.capsuleAcceptance.address, abi: capsuleAcceptanceAbi, functionName: "tally", args: [BigInt(id)] }))[7];

  beforeAll(async () => {
    ({ stack, dns, api, stop: stopDesk } = await startDeskStack(dialect));
    contracts = await deployedContracts(api);
    chain = chainAccess(stack, contracts);
    await staffedDesk({
      api, chain, dns, ownerKey, slug: SLUG,
      bonds: [[ownerKey, "750"], [editorKey, "250"], [journalistKey, "100"], [lateKey, "250"]],
      roles: [[editorKey, ROLE.EDITOR], [journalistKey, ROLE.JOURNALIST]],
    });
  });

  afterAll(async () => {
    await stopDesk?.();
  });

  it("previews the outlet's weight on chain in the voucher, and the window opens with the weight at the snapshot", async () => {
    const created = await api.send(capsuleCreate, { body: { title: "Quay repairs", body: "Quay repairs: the facts.", outletSlug: SLUG } }, journalistKey);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    capsuleId = created.body.capsuleId as string;
    const submitted = await api.send(capsuleSubmit, { params: { id: capsuleId }, body: {} }, journalistKey);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.voucher.eligibleWeight).toBe(parseEther("1000").toString());
    await chain.submitOnChain(journalistKey, submitted.body as Json);
    const capsule = await eventually(async () => {
      const body = await read(capsuleId);
      return body.capsule.status === "pending" ? body.capsule : undefined;
    }, `capsule ${capsuleId} pending`);
    expect(capsule).toMatchObject({ eligibleWeight: parseEther("1000").toString(), weightedParticipation: "0.00" });
  });

  it("refuses an Editor who became a voter after opening with 403 naming the snapshot block", async () => {
    await grantRole(api, ownerKey, SLUG, lateKey, 3);
    await eventually(
      async () => ((await chain.publicClient.readContract({ address: contracts.roleRegistry.address, abi: roleRegistryAbi, functionName: "isVoter", args: [outletKey(SLUG), late] })) ? true : undefined),
      "the late Editor's voter flag on chain",
    );
    const block = await snapshotBlock(capsuleId);
    expect(block).toBeGreaterThan(0n);
    expectError(
      await vote(lateKey, capsuleId, true),
      403,
      "FORBIDDEN",
      `Only a bonded Editor of outlet "${SLUG}" may vote on its capsules, as of the block before voting opened: ${late} was not an eligible voter at snapshot block ${block} of capsule ${capsuleId}`,
      { snapshotBlock: block.toString() },
    );
  });

  it("the capsule read carries the snapshot block, and a signed read says in advance whether that wallet may vote", async () => {
    const block = (await snapshotBlock(capsuleId)).toString();
    const anonymous = (await api.send(capsuleRead, { params: { id: capsuleId } })).body;
    expect(anonymous.capsule.snapshotBlock).toBe(block);
    expect(anonymous.viewerVoting).toBeUndefined();
    // the late Editor holds the role now, but was not a voter at the snapshot block
    expect((await api.send(capsuleRead, { params: { id: capsuleId } }, lateKey)).body.viewerVoting).toEqual({ wallet: late, snapshotBlock: block, eligible: false, weight: "0" });
    expect((await api.send(capsuleRead, { params: { id: capsuleId } }, editorKey)).body.viewerVoting).toEqual({ wallet: editor, snapshotBlock: block, eligible: true, weight: parseEther("250").toString() });
    expect((await api.send(capsuleRead, { params: { id: capsuleId } }, journalistKey)).body.viewerVoting).toMatchObject({ wallet: journalist, eligible: false });
  });

  it("weighs a bond raised after opening at its snapshot value; with every voter voting participation is exactly 100.00", async () => {
    await chain.deposit(editorKey, "500");
    expect(await chain.bondOf(editor)).toBe(parseEther("750"));
    const before = await counters();
    const no = await vote(editorKey, capsuleId, false);
    expect(no.status, JSON.stringify(no.body)).toBe(200);
    expect(no.body.vote).toMatchObject({ voter: editor, weight: parseEther("250").toString() });
    // the relay's checks went to the node as one batch, and the request waited for the indexer once (after the receipt)
    const after = await counters();
    expect({ batches: after.batches - before.batches, waits: after.waits - before.waits }).toEqual({ batches: 1, waits: 1 });
    // the answer's tally already counts the vote
    expect(no.body.tally).toMatchObject({ noVotes: parseEther("250").toString(), weightedParticipation: "25.00" });
    const yes = await vote(ownerKey, capsuleId, true);
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body.tally).toMatchObject({ eligibleWeight: parseEther("1000").toString(), weightedYes: "75.00", weightedNo: "25.00", weightedParticipation: "100.00" });
    expect((await read(capsuleId)).capsule).toMatchObject({ yesVotes: parseEther("750").toString(), noVotes: parseEther("250").toString(), weightedParticipation: "100.00" });
  });
});
