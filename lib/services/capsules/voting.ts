import "server-only";
import type { Abi, Address, Hex } from "viem";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { getCapsuleOrThrow } from "@/lib/db/repositories/capsules.repository";
import { isActiveBondedEditor } from "@/lib/db/repositories/capsules-access.repository";
import { findVote } from "@/lib/db/repositories/capsules-parts.repository";
import { capsuleAcceptanceAbi } from "@/lib/chain/abi";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { AppError } from "@/lib/errors/app-error";
import type { TVoteBody } from "@/lib/schemas/capsules";
import { readIsVoter } from "@/lib/services/roles/role-registry-chain";
import { capsuleTally } from "./capsule-view";
import { chainNow, operatorSend } from "./chain-io";
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

/**
 * POST /api/capsules/:id/vote — relays the voter's signed Ballot (CapsuleAcceptance.castVoteBySig)
 * with the operator wallet, so an Editor votes without gas; the tally comes from the indexed VoteCast.
 */
export async function relayVote(db: Db, voter: Address, capsuleId: number, body: TVoteBody) {
  await syncProjection();
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  if (capsule.status === "draft") throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is a draft; it has not been submitted for a vote`);
  const now = await chainNow();
  if (capsule.status !== "pending" || now < (capsule.opens_at ?? 0) || now >= (capsule.closes_at ?? 0)) throw votingClosed(capsule, now);
  const eligible = (await isActiveBondedEditor(db, capsule.outlet_id, voter)) && (await readIsVoter(capsule.outlet_slug, voter));
  if (!eligible) throw new AppError("FORBIDDEN", `Only a bonded Editor of outlet "${capsule.outlet_slug}" may vote on its capsules`);
  if (await findVote(db, capsule.id, voter)) throw new AppError("CONFLICT", `${voter} has already voted on capsule ${capsule.id}`);

  const acceptance = requireDeployment().contracts.capsuleAcceptance.address as Address;
  const { hash: txHash, blockNumber } = await operatorSend(
    "relay the vote",
    { address: acceptance, abi: capsuleAcceptanceAbi as Abi, functionName: "castVoteBySig", args: [BigInt(capsule.id), body.support, voter, body.deadline, body.signature as Hex] },
    {
      VotingClosed: () => votingClosed(capsule, now),
      AlreadyVoted: () => new AppError("CONFLICT", `${voter} has already voted on capsule ${capsule.id}`),
      NotEligible: () => new AppError("FORBIDDEN", `Only a bonded Editor of outlet "${capsule.outlet_slug}" may vote on its capsules`),
      InvalidSignature: () => new AppError("INVALID_SIGNATURE", "The ballot signature does not recover to the voter (sign Ballot with the current nonce of CapsuleAcceptance.nonces(voter))"),
      SignatureExpired: () => new AppError("VALIDATION_ERROR", "Invalid body: deadline", { issues: [{ path: "deadline", message: "the ballot deadline has passed" }] }),
    },
  );
  await syncProjectionThrough(blockNumber);
  const row = await getCapsuleOrThrow(db, capsule.id);
  const vote = await findVote(db, capsule.id, voter);
  return {
    ok: true as const,
    txHash,
    capsuleId: String(row.id),
    vote: { voter, support: body.support, weight: vote?.weight ?? "0" },
    tally: {
      status: row.status,
      ...capsuleTally(row),
      eligibleWeight: row.eligible_weight ?? "0",
      opensAt: String(row.opens_at ?? 0),
      closesAt: String(row.closes_at ?? 0),
    },
  };
}
