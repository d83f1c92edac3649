import "server-only";
import { formatEther, type Address, type Hex } from "viem";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { findCapsule, getCapsuleOrThrow, listChain, recordVoucherIfUnchanged } from "@/features/capsules/capsules.repository";
import { listContributors, listEvidence } from "@/features/capsules/capsules-parts.repository";
import { requireAnchoredClaims } from "./claims";
import { sealManifest } from "@/features/capsules/manifest";
import { buildManifest, storeManifest } from "./manifest-service";
import { insertActivity } from "@/features/wallet/activity.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { requireDeployment } from "@/lib/chain/server/current-deployment";
import { SUBMISSION_FEE_WEI, feeSplit } from "@/lib/chain/fee-split";
import { signSubmitVoucher, submitVoucherToJson, type SubmitVoucher } from "@/lib/chain/vouchers";
import { AppError } from "@/lib/errors/app-error";
import { checkShares, countPrimary } from "@/features/capsules/contributors";
import { policyById } from "@/features/capsules/policy";
import { bondRequired, roleDefinition } from "@/lib/roles/role-catalog";
import { enforceRateLimit } from "@/lib/rate-limit/rate-limiter";
import { bridgeRules } from "@/lib/rate-limit/rules";
import { activityTime, readBond, readOutletWeight } from "@/lib/chain/server/role-registry-reads";
import { draftChanged, requireAuthorRoles, requireDraft, requireSubmitter } from "./access";
import { chainNow, chainRead } from "@/lib/chain/server/chain-io";
import { currentOfChain, rootIdOf } from "./chain-order";
import { getOutletByIdOrThrow } from "@/features/outlets/outlets.repository";

/** How long a submission voucher stays valid on chain (seconds of block time). */
export const VOUCHER_TTL_SECONDS = 900;

async function requireBond(wallet: Address, roles: number[]): Promise<void> {
  const required = roles.map(bondRequired).reduce((min, r) => (r < min ? r : min));
  const { bonded } = await readBond(wallet);
  if (bonded < required) {
    const role = roles.find((r) => bondRequired(r) === required)!;
    throw new AppError(
      "INSUFFICIENT_BOND",
      `Submitting as ${roleDefinition(role)?.name ?? `role ${role}`} needs a bond of ${formatEther(required)} CAP; ${wallet} has ${formatEther(bonded)} CAP bonded (deposit ${formatEther(required - bonded)} CAP more on the Bonds page)`,
      { details: { bondRequired: required.toString(), bonded: bonded.toString() } },
    );
  }
}

async function requireCompleteDraft(db: Db, capsule: CapsuleRow): Promise<void> {
  const [evidence, contributors] = await Promise.all([listEvidence(db, capsule.id), listContributors(db, capsule.id)]);
  const shares = checkShares(contributors.map((c) => c.share_bps));
  if (!shares.ok) throw new AppError("INVALID_STATE", `Capsule ${capsule.id} cannot be submitted: ${shares.message}`);
  if (countPrimary(evidence.map((e) => ({ isPrimary: e.is_primary === 1 }))) > 1) {
    throw new AppError("INVALID_STATE", `Capsule ${capsule.id} cannot be submitted: at most one evidence item may be primary`);
  }
  await requireAnchoredClaims(db, capsule);
}

/** The voucher's parent: a revision's parent when the chain knows it (it was submitted), else 0. */
async function chainParent(db: Db, capsule: CapsuleRow): Promise<bigint> {
  if (capsule.parent_capsule_id === null) return 0n;
  const parent = await findCapsule(db, capsule.parent_capsule_id);
  if (capsule.capsule_type === "correction" || capsule.capsule_type === "retraction") {
    const chain = await listChain(db, rootIdOf(capsule));
    if (!parent || currentOfChain(chain).id !== parent.id || (parent.status !== "finalized" && parent.status !== "superseded")) {
      throw new AppError("INVALID_STATE", `Capsule ${capsule.id} revises capsule ${capsule.parent_capsule_id}, which is no longer the current published version`);
    }
  }
  return parent?.submit_tx_hash ? BigInt(parent.id) : 0n;
}

/**
 * The outlet's voting weight now (RoleRegistry.outletWeight: the bonds of its voters). Only a preview:
 * CapsuleAcceptance snapshots the weight itself at the block before the window opens.
 */
export const eligibleWeightOf = (outlet: OutletRow): Promise<bigint> => readOutletWeight(outlet.slug);

const changedWhileSubmitting = (id: number) =>
  new AppError("CONFLICT", `Capsule ${id} changed while its submission was being prepared, so nothing was signed for the chain; submit it again`);

/**
 * POST /api/capsules/:id/submit — authorizes a draft for the chain: checks the outlet, the
 * submitter's role and bond, the draft itself and the outlet's hourly limit, snapshots the policy
 * (the eligible weight in the voucher is a preview; the contract freezes its own), and answers an EIP-712 SubmitVoucher signed by the bridge. The wallet
 * then sends ArticleRegistry.submitCapsule(voucher, signature) with the 30-unit fee. The voucher carries
 * the manifest's hash and evidence root (features/capsules/manifest.ts); the manifest is in the vault first.
 */
export async function issueSubmitVoucher(db: Db, wallet: Address, capsuleId: number, now: number, ifRevision?: number) {
  const capsule = await getCapsuleOrThrow(db, capsuleId);
  requireSubmitter(capsule, wallet, "submit it");
  requireDraft(capsule, "be submitted");
  // the submitter saw another version than the one saved now: the voucher would commit to text they have not seen
  if (ifRevision !== undefined && capsule.draft_revision !== ifRevision) throw draftChanged(capsule, ifRevision, "submission");
  const outlet = await getOutletByIdOrThrow(db, capsule.outlet_id);
  if (outlet.status !== "active") throw new AppError("OUTLET_NOT_ACTIVE", `Outlet "${outlet.slug}" is ${outlet.status}; capsules can be submitted only at an active outlet`);
  const roles = await requireAuthorRoles(db, outlet, wallet, "submit capsules");
  await requireBond(wallet, roles);
  await requireCompleteDraft(db, capsule);
  const parentCapsuleId = await chainParent(db, capsule);
  const eligibleWeight = await eligibleWeightOf(outlet);
  if (eligibleWeight === 0n) throw new AppError("INVALID_STATE", `Outlet "${outlet.slug}" has no bonded Editor who can vote; a submission could not be accepted`);
  await enforceRateLimit(db, bridgeRules().submit, `outlet:${outlet.slug}`, now);

  const deployment = requireDeployment();
  const registry = deployment.contracts.articleRegistry.address as Address;
  const policy = policyById(capsule.policy_id);
  const deadline = (await chainNow()) + VOUCHER_TTL_SECONDS;
  const sealed = sealManifest(await buildManifest(db, capsule));
  await storeManifest(db, capsule, sealed, now);
  const voucher: SubmitVoucher = {
    capsuleId: BigInt(capsule.id),
    outletSlug: outlet.slug,
    submitter: wallet,
    contentHash: capsule.content_hash as Hex,
    parentCapsuleId,
    windowSeconds: BigInt(policy.votingWindowSeconds),
    eligibleWeight,
    approvalPct: policy.approvalThreshold,
    quorumPct: policy.quorumThreshold,
    deadline: BigInt(deadline),
    manifestHash: sealed.manifestHash,
    evidenceRoot: sealed.evidenceRoot,
  };
  const signature = await chainRead("sign the submission voucher", () => signSubmitVoucher(chainClients().operator as Parameters<typeof signSubmitVoucher>[0], registry, deployment.chainId, voucher));
  const at = await activityTime(now);
  await db.transaction().execute(async (trx) => {
    // the voucher is handed out only if it commits to the draft as it is now: an edit that landed while it was
    // built (the manifest read, the signature) would leave the chain committing one text and the bridge another
    const recorded = await recordVoucherIfUnchanged(trx, capsule, {
      policy_id: policy.policyId,
      window_seconds: policy.votingWindowSeconds,
      approval_threshold: policy.approvalThreshold,
      quorum_threshold: policy.quorumThreshold,
      eligible_weight: eligibleWeight.toString(),
      voucher_deadline: deadline,
      updated_at: now,
    });
    if (!recorded || sealManifest(await buildManifest(trx, recorded)).manifestHash !== sealed.manifestHash) throw changedWhileSubmitting(capsule.id);
    await insertActivity(trx, [{ wallet, kind: "capsule.voucher_issued", outletSlug: outlet.slug, subjectId: String(capsule.id), details: { deadline: String(deadline), eligibleWeight: eligibleWeight.toString() }, createdAt: at }]);
  });
  return {
    ok: true as const,
    capsuleId: String(capsule.id),
    registry,
    chainId: deployment.chainId,
    voucher: submitVoucherToJson(voucher),
    manifestURI: sealed.uri,
    signature,
    fee: SUBMISSION_FEE_WEI.toString(),
    feeSplit: feeSplit.map((share) => ({
      key: share.key,
      label: share.label,
      bps: share.bps,
      percent: share.percent,
      amountWei: share.amountWei.toString(),
      recipient: deployment.contracts[share.contract].address,
    })),
    deadline: String(deadline),
  };
}
