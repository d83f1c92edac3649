import "server-only";
import { getAddress, recoverTypedDataAddress, type Address, type Hex } from "viem";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { findVote } from "@/features/capsules/capsules-parts.repository";
import { findUnminedVote } from "@/lib/db/repositories/operator-outbox.repository";
import { putVoteReason, voteReasonsOf } from "@/features/voting/capsule-votes.repository";
import { voteReasonTypedData } from "@/lib/chain/vouchers";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { queueOperatorTx } from "@/lib/chain/operator/queue-operator-tx";
import { awaitOperatorTx } from "@/lib/chain/operator/await-operator-tx";
import { AppError } from "@/lib/errors/app-error";
import type { TVoteBody } from "@/features/capsules/capsules.schema";
import { capsuleTally } from "@/features/capsules/capsule-view";
import { syncProjectionThrough } from "@/lib/indexer/projection-sync";
import { utcIso } from "@/lib/time/utc-iso";
import { readVoteChecks } from "./vote-checks";

type Window = { opensAt: number; closesAt: number };

/** `settledAs`: the capsule's status once its vote is over for good (accepted, rejected…); undefined while it is under vote. */
const votingClosed = (capsuleId: number, now: number, window: Window, settledAs?: string) => {
  const message =
    settledAs !== undefined
      ? `Voting on capsule ${capsuleId} is closed: the capsule is ${settledAs}`
      : now < window.opensAt
        ? `Voting on capsule ${capsuleId} opens at ${utcIso(window.opensAt)}`
        : `Voting on capsule ${capsuleId} closed at ${utcIso(window.closesAt)}`;
  return new AppError("VOTING_CLOSED", message, { details: { opensAt: String(window.opensAt), closesAt: String(window.closesAt) } });
};

const notEligibleAtSnapshot = (capsule: CapsuleRow, voter: Address, snapshotBlock: bigint) =>
  new AppError(
    "FORBIDDEN",
    `Only a bonded Editor of outlet "${capsule.outlet_slug}" may vote on its capsules, as of the block before voting opened: ${voter} was not an eligible voter at snapshot block ${snapshotBlock} of capsule ${capsule.id}`,
    { details: { snapshotBlock: snapshotBlock.toString() } },
  );

const alreadyVoted = (voter: Address, capsuleId: number) => new AppError("CONFLICT", `${voter} has already voted on capsule ${capsuleId}`);

const badReasonSignature = () =>
  new AppError("VALIDATION_ERROR", "Invalid body: reasonSignature", {
    issues: [{ path: "reasonSignature", message: "the reason's VoteReason signature does not recover to the voter for this capsule, choice and ballot nonce" }],
  });

/** A new ballot while this voter's earlier relayed one is unmined: it would sign the same CapsuleAcceptance nonce. */
const ballotWaiting = (voter: Address, unmined: { capsule_id: number | null; tx_hash: string }) =>
  new AppError("CONFLICT", `A relayed vote of ${voter} on capsule ${unmined.capsule_id} is waiting to be mined (${unmined.tx_hash}); sign a new ballot once it is`, {
    details: { pendingTxHash: unmined.tx_hash, capsuleId: String(unmined.capsule_id) },
  });

/** Checks the reason's EIP-712 VoteReason against the voter, the capsule, the choice and the ballot's nonce; the row to store. */
async function checkedReason(voter: Address, capsuleId: number, body: TVoteBody, ballotNonce: bigint | undefined) {
  if (body.reason === undefined || body.reasonSignature === undefined || ballotNonce === undefined) return undefined;
  const deployment = requireDeployment();
  const typed = voteReasonTypedData(getAddress(deployment.contracts.capsuleAcceptance.address), deployment.chainId, { capsuleId: BigInt(capsuleId), support: body.support, voter, ballotNonce, reason: body.reason });
  const signer = await recoverTypedDataAddress({ ...typed, signature: body.reasonSignature as Hex }).catch(() => undefined);
  if (!signer || getAddress(signer) !== getAddress(voter)) throw badReasonSignature();
  return { capsule_id: capsuleId, voter: getAddress(voter), support: body.support ? 1 : 0, ballot_nonce: ballotNonce.toString(), reason: body.reason, signature: body.reasonSignature, created_at: Math.floor(Date.now() / 1000) };
}

/**
 * POST /api/capsules/:id/vote — relays the voter's signed Ballot (CapsuleAcceptance.castVoteBySig)
 * through the operator outbox, so an Editor votes without gas. A 2xx means the signed transaction
 * is stored durably and was broadcast. The checks read the chain once (readVoteChecks), so the
 * request does not wait for the indexer before relaying; it waits once, after the receipt, so the
 * answer's tally includes the vote.
 */
export async function relayVote(db: Db, voter: Address, capsuleId: number, body: TVoteBody) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  const known = capsule.snapshot_block === null ? undefined : BigInt(capsule.snapshot_block);
  const checks = await readVoteChecks(capsule.id, capsule.outlet_slug, voter, known, body.reason !== undefined);
  const { now, snapshotBlock } = checks;
  // the projection may not have seen the submission yet: the chain's window says whether it was submitted
  if (checks.opensAt === 0) {
    if (capsule.status === "draft") throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is a draft; it has not been submitted for a vote`);
    throw votingClosed(capsule.id, now, { opensAt: capsule.opens_at ?? 0, closesAt: capsule.closes_at ?? 0 }, capsule.status === "pending" ? undefined : capsule.status);
  }
  const window = { opensAt: checks.opensAt, closesAt: checks.closesAt };
  const settled = capsule.status !== "pending" && capsule.status !== "draft";
  if (settled || now < window.opensAt || now >= window.closesAt) throw votingClosed(capsule.id, now, window, settled ? capsule.status : undefined);
  // The electorate is frozen at the capsule's snapshot block (the endpoint already requires a current bonded Editor).
  if (checks.weightAtSnapshot === 0n) throw notEligibleAtSnapshot(capsule, voter, snapshotBlock);
  if (checks.voted) throw alreadyVoted(voter, capsule.id);
  const reason = await checkedReason(voter, capsule.id, body, checks.ballotNonce);
  // said before the relay's pre-flight, which runs against the node's pending state: there the waiting ballot has
  // already used the nonce this one signs, and the chain's answer would be a misleading InvalidSignature
  const waiting = await findUnminedVote(db, voter);
  if (waiting) throw ballotWaiting(voter, waiting);

  const reverts = {
    VotingClosed: () => votingClosed(capsule.id, now, window),
    AlreadyVoted: () => alreadyVoted(voter, capsule.id),
    NotEligible: () => notEligibleAtSnapshot(capsule, voter, snapshotBlock),
    InvalidSignature: () => new AppError("INVALID_SIGNATURE", "The ballot signature does not recover to the voter (sign Ballot with the current nonce of CapsuleAcceptance.nonces(voter))"),
    SignatureExpired: () => new AppError("VALIDATION_ERROR", "The signed ballot expired before it reached the chain (its deadline has passed); sign the vote again", { issues: [{ path: "deadline", message: "the ballot deadline has passed" }] }),
  };
  const queued = await queueOperatorTx(db, "relay the vote", operatorCalls.castVoteBySig(BigInt(capsule.id), body.support, voter, body.deadline, body.signature as Hex), {
    purpose: "capsule.vote",
    links: { capsuleId: capsule.id, wallet: voter },
    reverts,
    // A ballot signs the voter's CapsuleAcceptance nonce: while an earlier relayed ballot of this
    // voter is unmined (or being re-broadcast after a rollback) a new one would reuse that nonce.
    guard: async (trx) => {
      const unmined = await findUnminedVote(trx, voter);
      if (unmined) throw ballotWaiting(voter, unmined);
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
