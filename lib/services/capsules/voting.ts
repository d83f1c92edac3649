import "server-only";
import { getAddress, recoverTypedDataAddress, type Address, type Hex } from "viem";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { getCapsuleOrThrow } from "@/lib/db/repositories/capsules.repository";
import { findVote } from "@/lib/db/repositories/capsules-parts.repository";
import { findUnminedVote } from "@/lib/db/repositories/operator-outbox.repository";
import { putVoteReason, voteReasonsOf } from "@/lib/db/repositories/capsule-votes.repository";
import { voteReasonTypedData } from "@/lib/chain/vouchers";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { queueOperatorTx } from "@/lib/chain/operator/queue-operator-tx";
import { awaitOperatorTx } from "@/lib/chain/operator/await-operator-tx";
import { AppError } from "@/lib/errors/app-error";
import type { TVoteBody } from "@/lib/schemas/capsules";
import { readVoterWeightAt } from "@/lib/services/roles/role-registry-chain";
import { capsuleTally } from "./capsule-view";
import { chainNow, chainRead } from "./chain-io";
import { syncProjectionThrough } from "./projection-sync";

/** Brings the projection to the chain head so checks see every indexed submission and vote. */
export const syncProjection = () => syncProjectionThrough();

const votingClosed = (capsule: CapsuleRow, now: number) => {
  const opens = capsule.opens_at ?? 0;
  const closes = capsule.closes_at ?? 0;
  const message =
    capsule.status !== "pending"
      ? `Voting on capsule ${capsule.id} is closed: the capsule is ${capsule.status}`
      : now < opens
        ? `Voting on capsule ${capsule.id} opens at ${opens}`
        : `Voting on capsule ${capsule.id} closed at ${closes}`;
  return new AppError("VOTING_CLOSED", message, { details: { opensAt: String(opens), closesAt: String(closes) } });
};

/** CapsuleAcceptance.tally's last field: the block whose RoleRegistry checkpoints make the capsule's electorate. */
const snapshotBlockOf = async (capsuleId: number): Promise<bigint> => {
  const tally = await chainRead("read the voting snapshot", () =>
    chainClients().publicClient.readContract({
      address: getAddress(requireDeployment().contracts.capsuleAcceptance.address),
      abi: capsuleAcceptanceAbi,
      functionName: "tally",
      args: [BigInt(capsuleId)],
    }),
  );
  return tally[7];
};

const notEligibleAtSnapshot = (capsule: CapsuleRow, voter: Address, snapshotBlock: bigint) =>
  new AppError(
    "FORBIDDEN",
    `Only a bonded Editor of outlet "${capsule.outlet_slug}" may vote on its capsules, as of the block before voting opened: ${voter} was not an eligible voter at snapshot block ${snapshotBlock} of capsule ${capsule.id}`,
    { details: { snapshotBlock: snapshotBlock.toString() } },
  );

const alreadyVoted = (voter: Address, capsuleId: number) => new AppError("CONFLICT", `${voter} has already voted on capsule ${capsuleId}`);

/** CapsuleAcceptance.hasVoted: the chain, not a SQL row, says whether the voter has voted. */
const hasVotedOnChain = (capsuleId: number, voter: Address) =>
  chainRead("read hasVoted", () =>
    chainClients().publicClient.readContract({
      address: getAddress(requireDeployment().contracts.capsuleAcceptance.address),
      abi: capsuleAcceptanceAbi,
      functionName: "hasVoted",
      args: [BigInt(capsuleId), voter],
    }),
  );

/** CapsuleAcceptance.nonces(voter): the nonce the relayed ballot must sign, and so the reason too. */
const ballotNonceOf = (voter: Address) =>
  chainRead("read the voter's ballot nonce", () =>
    chainClients().publicClient.readContract({
      address: getAddress(requireDeployment().contracts.capsuleAcceptance.address),
      abi: capsuleAcceptanceAbi,
      functionName: "nonces",
      args: [voter],
    }),
  );

const badReasonSignature = () =>
  new AppError("VALIDATION_ERROR", "Invalid body: reasonSignature", {
    issues: [{ path: "reasonSignature", message: "the reason's VoteReason signature does not recover to the voter for this capsule, choice and ballot nonce" }],
  });

/** Checks the reason's EIP-712 VoteReason against the voter, the capsule, the choice and the ballot's nonce; the row to store. */
async function checkedReason(voter: Address, capsuleId: number, body: TVoteBody) {
  if (body.reason === undefined || body.reasonSignature === undefined) return undefined;
  const ballotNonce = await ballotNonceOf(voter);
  const deployment = requireDeployment();
  const typed = voteReasonTypedData(getAddress(deployment.contracts.capsuleAcceptance.address), deployment.chainId, { capsuleId: BigInt(capsuleId), support: body.support, voter, ballotNonce, reason: body.reason });
  const signer = await recoverTypedDataAddress({ ...typed, signature: body.reasonSignature as Hex }).catch(() => undefined);
  if (!signer || getAddress(signer) !== getAddress(voter)) throw badReasonSignature();
  return { capsule_id: capsuleId, voter: getAddress(voter), support: body.support ? 1 : 0, ballot_nonce: ballotNonce.toString(), reason: body.reason, signature: body.reasonSignature, created_at: Math.floor(Date.now() / 1000) };
}

/**
 * POST /api/capsules/:id/vote — relays the voter's signed Ballot (CapsuleAcceptance.castVoteBySig)
 * through the operator outbox, so an Editor votes without gas. A 2xx means the signed transaction
 * is stored durably and was broadcast; the tally comes from the indexed VoteCast once mined.
 */
export async function relayVote(db: Db, voter: Address, capsuleId: number, body: TVoteBody) {
  await syncProjection();
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  if (capsule.status === "draft") throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is a draft; it has not been submitted for a vote`);
  const [now, snapshotBlock, voted] = await Promise.all([chainNow(), snapshotBlockOf(capsule.id), hasVotedOnChain(capsule.id, voter)]);
  if (capsule.status !== "pending" || now < (capsule.opens_at ?? 0) || now >= (capsule.closes_at ?? 0)) throw votingClosed(capsule, now);
  // The electorate is frozen at the capsule's snapshot block (the endpoint already requires a current bonded Editor).
  if ((await readVoterWeightAt(capsule.outlet_slug, voter, snapshotBlock)) === 0n) throw notEligibleAtSnapshot(capsule, voter, snapshotBlock);
  if (voted) throw alreadyVoted(voter, capsule.id);
  const reason = await checkedReason(voter, capsule.id, body);

  const reverts = {
    VotingClosed: () => votingClosed(capsule, now),
    AlreadyVoted: () => alreadyVoted(voter, capsule.id),
    NotEligible: () => notEligibleAtSnapshot(capsule, voter, snapshotBlock),
    InvalidSignature: () => new AppError("INVALID_SIGNATURE", "The ballot signature does not recover to the voter (sign Ballot with the current nonce of CapsuleAcceptance.nonces(voter))"),
    SignatureExpired: () => new AppError("VALIDATION_ERROR", "Invalid body: deadline", { issues: [{ path: "deadline", message: "the ballot deadline has passed" }] }),
  };
  const queued = await queueOperatorTx(db, "relay the vote", operatorCalls.castVoteBySig(BigInt(capsule.id), body.support, voter, body.deadline, body.signature as Hex), {
    purpose: "capsule.vote",
    links: { capsuleId: capsule.id, wallet: voter },
    reverts,
    // A ballot signs the voter's CapsuleAcceptance nonce: while an earlier relayed ballot of this
    // voter is unmined (or being re-broadcast after a rollback) a new one would reuse that nonce.
    guard: async (trx) => {
      const unmined = await findUnminedVote(trx, voter);
      if (unmined) {
        throw new AppError("CONFLICT", `A relayed vote of ${voter} on capsule ${unmined.capsule_id} is waiting to be mined (${unmined.tx_hash}); sign a new ballot once it is`, {
          details: { pendingTxHash: unmined.tx_hash },
        });
      }
      // stored with the queued transaction, so a reason exists only for a ballot that was relayed
      if (reason) await putVoteReason(trx, reason);
    },
  });
  const outcome = await awaitOperatorTx(db, queued, reverts);
  if (outcome.status === "mined") await syncProjectionThrough(outcome.blockNumber);
  const row = await getCapsuleOrThrow(db, capsule.id);
  const vote = outcome.status === "mined" ? await findVote(db, capsule.id, voter) : undefined;
  const [stored] = await voteReasonsOf(db, capsule.id, [getAddress(voter)]);
  return {
    ok: true as const,
    txHash: queued.hash,
    operatorTx: { txHash: queued.hash, nonce: String(queued.row.nonce), status: outcome.status },
    capsuleId: String(row.id),
    vote: { voter, support: body.support, weight: vote?.weight ?? "0", reason: stored && stored.support === (body.support ? 1 : 0) ? stored.reason : null },
    tally: {
      status: row.status,
      ...capsuleTally(row),
      eligibleWeight: row.eligible_weight ?? "0",
      opensAt: String(row.opens_at ?? 0),
      closesAt: String(row.closes_at ?? 0),
    },
  };
}
