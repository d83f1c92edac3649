import "server-only";
import { getAddress, type Address } from "viem";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { readVoterWeightAt } from "@/lib/chain/server/role-registry-reads";
import { chainRead } from "@/lib/chain/server/chain-io";

/** What a relayed ballot is checked against, all read from the chain in one JSON-RPC batch. */
export type VoteChecks = {
  /** The latest block's timestamp: the chain's "now" for the voting window. */
  now: number;
  /** CapsuleAcceptance.tally: 0/0 while the capsule has not been submitted on chain. */
  opensAt: number;
  closesAt: number;
  snapshotBlock: bigint;
  voted: boolean;
  /** The voter's weight at the snapshot block (0: not an eligible voter then). */
  weightAtSnapshot: bigint;
  /** CapsuleAcceptance.nonces(voter), when a reason is to be checked against the ballot's nonce. */
  ballotNonce: bigint | undefined;
};

/**
 * Reads everything a relayed vote is checked against in one round trip: the head's time, the
 * capsule's window and snapshot, whether the voter voted, the voter's weight at the snapshot and
 * (with a reason) the ballot nonce. The snapshot comes from the projection (`knownSnapshot`, set
 * by VotingOpened); only when the projection has not seen the window open yet does the weight
 * take a second read, at the snapshot the chain answered.
 */
export async function readVoteChecks(capsuleId: number, outletSlug: string, voter: Address, knownSnapshot: bigint | undefined, withNonce: boolean): Promise<VoteChecks> {
  const { batchClient } = chainClients();
  const contracts = requireDeployment().contracts;
  const acceptance = getAddress(contracts.capsuleAcceptance.address);
  const weightAt = (block: bigint) => readVoterWeightAt(outletSlug, voter, block, batchClient);
  return chainRead("read the vote's checks", async () => {
    const [head, tally, voted, nonce, knownWeight] = await Promise.all([
      batchClient.getBlock({ blockTag: "latest" }),
      batchClient.readContract({ address: acceptance, abi: capsuleAcceptanceAbi, functionName: "tally", args: [BigInt(capsuleId)] }),
      batchClient.readContract({ address: acceptance, abi: capsuleAcceptanceAbi, functionName: "hasVoted", args: [BigInt(capsuleId), voter] }),
      withNonce ? batchClient.readContract({ address: acceptance, abi: capsuleAcceptanceAbi, functionName: "nonces", args: [voter] }) : Promise.resolve(undefined),
      knownSnapshot !== undefined ? weightAt(knownSnapshot) : Promise.resolve(undefined),
    ]);
    const snapshotBlock = tally[7];
    const weightAtSnapshot = knownSnapshot === snapshotBlock && knownWeight !== undefined ? knownWeight : snapshotBlock > 0n ? await weightAt(snapshotBlock) : 0n;
    return { now: Number(head.timestamp), opensAt: Number(tally[3]), closesAt: Number(tally[4]), snapshotBlock, voted, weightAtSnapshot, ballotNonce: nonce };
  });
}
