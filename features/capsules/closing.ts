import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import { getCapsuleOrThrow, updateCapsule } from "@/features/capsules/capsules.repository";
import { capsuleForWriter } from "@/features/capsules/draft-visibility.repository";
import { activeAuthorRoleIds } from "@/features/roles/roles.repository";
import { countVotes } from "@/features/capsules/capsules-parts.repository";
import { insertActivity, type ActivityEntry } from "@/features/wallet/activity.repository";
import { operatorCalls, type OperatorCall } from "@/lib/chain/operator/operator-calls";
import { queueOperatorTx, type OutboxPurpose } from "@/lib/chain/operator/queue-operator-tx";
import { awaitOperatorTx } from "@/lib/chain/operator/await-operator-tx";
import type { RevertOverrides } from "@/lib/chain/operator/revert-decoder";
import { AppError } from "@/lib/errors/app-error";
import { ROLE } from "@/lib/roles/role-catalog";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { requireNoOutstandingVoucher } from "./access";
import { capsulePolicy, capsuleReadResponse } from "./capsule-view";
import { editorEarlyClose } from "./early-close";
import { chainNow } from "@/lib/chain/server/chain-io";
import { utcIso } from "@/lib/time/utc-iso";
import { syncProjectionThrough as syncProjection } from "@/lib/indexer/projection-sync";

const notPending = (id: number) => () => new AppError("INVALID_STATE", `Capsule ${id} is no longer pending; its vote is already closed`);

/**
 * Queues the close/finalize transaction in the operator outbox (durable before broadcast) and waits
 * a bounded time for its receipt; if mined, the projection is brought up to its block.
 */
async function closeOnChain(db: Db, what: string, call: OperatorCall, purpose: OutboxPurpose, capsuleId: number, reverts: RevertOverrides) {
  const queued = await queueOperatorTx(db, what, call, { purpose, links: { capsuleId }, reverts });
  const outcome = await awaitOperatorTx(db, queued, reverts);
  if (outcome.status === "mined") await syncProjection(outcome.blockNumber);
  return queued.hash;
}

/**
 * POST /api/capsules/:id/accept — after the window, any signed wallet has the operator call
 * finalizeCapsule: the chain applies the thresholds and the capsule ends finalized or rejected.
 */
export async function acceptCapsule(db: Db, wallet: Address, capsuleId: number, bodyId: number, now: number, origin: string) {
  if (bodyId !== capsuleId) {
    throw new AppError("VALIDATION_ERROR", "Invalid body: capsuleId", { issues: [{ path: "capsuleId", message: "must equal the capsule id in the path" }] });
  }
  await syncProjection();
  const capsule = await capsuleForWriter(db, capsuleId, wallet);
  if (capsule.status === "draft") throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is a draft; it has not been submitted`);
  if (capsule.status !== "pending") throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is already closed (${capsule.status})`);
  const chainTime = await chainNow();
  if (chainTime < (capsule.closes_at ?? 0)) throw new AppError("INVALID_STATE", `Voting on capsule ${capsule.id} is still open until ${utcIso(capsule.closes_at ?? 0)}`);
  const txHash = await closeOnChain(db, "finalize the capsule", operatorCalls.finalizeCapsule(BigInt(capsule.id)), "capsule.finalize", capsule.id, {
    NotPending: notPending(capsule.id),
    VotingOpen: () => new AppError("INVALID_STATE", `Voting on capsule ${capsule.id} is still open until ${utcIso(capsule.closes_at ?? 0)}`),
  });
  const at = await activityTime(now);
  await insertActivity(db, [{ wallet, kind: "capsule.close_requested", outletSlug: capsule.outlet_slug, subjectId: String(capsule.id), details: { action: "accept" }, txHash, createdAt: at }]);
  return capsuleReadResponse(db, await getCapsuleOrThrow(db, capsule.id), origin);
}

/**
 * The early-close rule for an Editor (./early-close): refused (409, before anything is sent) while the vote can
 * still pass, so that one Editor cannot override a yes the electorate can still give.
 */
async function requireEditorMayClose(capsule: CapsuleRow) {
  const policy = capsulePolicy(capsule);
  const closesAt = capsule.closes_at ?? 0;
  const rule = editorEarlyClose({
    yesVotes: capsule.yes_votes,
    noVotes: capsule.no_votes,
    eligibleWeight: capsule.eligible_weight ?? "0",
    approvalThreshold: policy.approvalThreshold,
    quorumThreshold: policy.quorumThreshold,
    windowEnded: (await chainNow()) >= closesAt,
  });
  if (rule.why === "can-still-pass") {
    throw new AppError(
      "INVALID_STATE",
      `The vote on capsule ${capsule.id} is under way and can still pass; an Editor may close it early only before any vote is cast or once it can no longer pass (it closes at ${utcIso(closesAt)})`,
    );
  }
  if (rule.why === "passed") {
    throw new AppError("INVALID_STATE", `The vote on capsule ${capsule.id} has ended and passed; it is finalized (accept), not closed`);
  }
}

/**
 * POST /api/capsules/:id/reject — a draft is withdrawn (no chain call) by its submitter or by an Editor
 * of its outlet (so nobody can hold a chain's one open revision against the desk); a pending capsule
 * is closed on chain (closeCapsule) by its submitter while no vote was cast, or by an Editor while no vote
 * was cast or once the vote can no longer pass.
 */
export async function rejectCapsule(db: Db, wallet: Address, capsuleId: number, reason: string | undefined, now: number, origin: string) {
  const first = await getCapsuleOrThrow(db, capsuleId); // the route's role rule already answered a hidden draft as a missing id
  const at = await activityTime(now);
  if (first.status === "draft") {
    const byEditor = first.submitter !== wallet;
    if (byEditor && !(await activeAuthorRoleIds(db, first.outlet_id, wallet)).includes(ROLE.EDITOR)) {
      throw new AppError("FORBIDDEN", `Only the submitter of draft ${first.id} or an Editor of outlet "${first.outlet_slug}" may withdraw it`);
    }
    if (first.voucher_deadline !== null) requireNoOutstandingVoucher(first, await chainNow(), "be withdrawn");
    await syncProjection();
    const capsule = await getCapsuleOrThrow(db, capsuleId);
    if (capsule.status === "draft") {
      await db.transaction().execute(async (trx) => {
        await updateCapsule(trx, capsule.id, { status: "rejected", closed_at: now, updated_at: now });
        const details = byEditor ? { reason: reason ?? null, by: "editor", editor: wallet } : { reason: reason ?? null };
        const rows: ActivityEntry[] = [{ wallet, kind: "capsule.withdrawn", outletSlug: capsule.outlet_slug, subjectId: String(capsule.id), details, createdAt: at }];
        // the author learns that an Editor withdrew the draft from their own activity record
        if (byEditor) rows.push({ ...rows[0]!, wallet: capsule.submitter });
        await insertActivity(trx, rows);
      });
      return capsuleReadResponse(db, await getCapsuleOrThrow(db, capsule.id), origin);
    }
  }
  await syncProjection();
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  if (capsule.status !== "pending") throw new AppError("INVALID_STATE", `Capsule ${capsule.id} is ${capsule.status}; only a draft or a pending capsule can be rejected`);
  const isEditor = (await activeAuthorRoleIds(db, capsule.outlet_id, wallet)).includes(ROLE.EDITOR);
  if (!isEditor) {
    if (capsule.submitter !== wallet) throw new AppError("FORBIDDEN", `Only the submitter or an Editor of outlet "${capsule.outlet_slug}" may close capsule ${capsule.id}`);
    if ((await countVotes(db, capsule.id)) > 0) {
      throw new AppError("INVALID_STATE", `Votes were cast on capsule ${capsule.id}; only an Editor of outlet "${capsule.outlet_slug}" may close it now, and only once the vote can no longer pass`);
    }
  } else {
    await requireEditorMayClose(capsule);
  }
  const txHash = await closeOnChain(db, "close the capsule", operatorCalls.closeCapsule(BigInt(capsule.id)), "capsule.close", capsule.id, { NotPending: notPending(capsule.id) });
  await insertActivity(db, [{ wallet, kind: "capsule.closed", outletSlug: capsule.outlet_slug, subjectId: String(capsule.id), details: { reason: reason ?? null, by: isEditor ? "editor" : "submitter" }, txHash, createdAt: at }]);
  return capsuleReadResponse(db, await getCapsuleOrThrow(db, capsule.id), origin);
}
