// Every endpoint of the bridge, in the order of docs/API.md. A route file under app/api serves each
// (test/registry checks both directions); the OpenAPI document and the action catalogue read this list.
import type { Endpoint } from "@/lib/endpoints/define";
import { health } from "./system/health.endpoint";
import { config } from "./system/config.endpoint";
import { networkStatus } from "./system/network-status.endpoint";
import { contractsSummary } from "./operator/contracts-summary.endpoint";
import { envKeys } from "./operator/env-keys.endpoint";
import { actionKeys } from "./operator/action-keys.endpoint";
import { canonicalEnv } from "./operator/canonical-env.endpoint";
import { openApiDocument } from "./operator/openapi.endpoint";
import { authCheck } from "@/lib/auth/check.endpoint";
import { authNonce } from "@/lib/auth/nonce.endpoint";
import { authSession } from "@/lib/auth/session.endpoint";
import { authSessionRevoke } from "@/lib/auth/session-revoke.endpoint";
import { outletList } from "./outlets/list.endpoint";
import { outletRead } from "./outlets/read.endpoint";
import { outletUsers } from "./outlets/users.endpoint";
import { outletCreate } from "./outlets/create.endpoint";
import { outletVerify } from "./outlets/verify.endpoint";
import { ownershipOffer } from "./outlets/ownership-offer.endpoint";
import { ownershipOffers } from "./outlets/ownership-offers.endpoint";
import { ownershipWithdraw } from "./outlets/ownership-withdraw.endpoint";
import { ownershipDecline } from "./outlets/ownership-decline.endpoint";
import { ownershipAccept } from "./outlets/ownership-accept.endpoint";
import { roleCatalogRead } from "./roles/catalog.endpoint";
import { walletRolesAtOutlet } from "./roles/wallet-at-outlet.endpoint";
import { roleGrant } from "./roles/grant.endpoint";
import { roleRevoke } from "./roles/revoke.endpoint";
import { roleOffers } from "./roles/offers.endpoint";
import { roleOfferAccept } from "./roles/offer-accept.endpoint";
import { roleOfferDecline } from "./roles/offer-decline.endpoint";
import { roleOfferWithdraw } from "./roles/offer-withdraw.endpoint";
import { walletRoles } from "./roles/wallet-roles.endpoint";
import { walletActivity } from "./wallet/activity.endpoint";
import { walletEarnings } from "./wallet/earnings.endpoint";
import { capsuleList } from "./capsules/list.endpoint";
import { capsuleRead } from "./capsules/read.endpoint";
import { capsuleCreate } from "./capsules/create.endpoint";
import { capsuleUpdate } from "./capsules/update.endpoint";
import { capsuleHistory } from "./revisions/history.endpoint";
import { capsuleHistoryAdd } from "./revisions/history-add.endpoint";
import { capsuleEvidence } from "./capsules/evidence.endpoint";
import { capsuleEvidenceAdd } from "./capsules/evidence-add.endpoint";
import { capsuleSupporting } from "./capsules/supporting.endpoint";
import { capsuleSupportingAdd } from "./capsules/supporting-add.endpoint";
import { capsuleDisputes } from "./court/capsule-disputes.endpoint";
import { capsuleRights } from "./rights/capsule-rights.endpoint";
import { capsuleLabels } from "./court/capsule-labels.endpoint";
import { capsuleAds } from "./ads/capsule-ads.endpoint";
import { capsuleSubmit } from "./capsules/submit.endpoint";
import { capsuleVote } from "./voting/vote.endpoint";
import { capsuleAccept } from "./capsules/accept.endpoint";
import { capsuleReject } from "./capsules/reject.endpoint";
import { capsuleDispute } from "./court/dispute.endpoint";
import { courtCases } from "./court/cases.endpoint";
import { courtCase } from "./court/case.endpoint";
import { courtEvidence } from "./court/evidence.endpoint";
import { courtCommit } from "./court/commit.endpoint";
import { courtReveal } from "./court/reveal.endpoint";
import { courtAdvance } from "./court/advance.endpoint";
import { courtAppeal } from "./court/appeal.endpoint";
import { distributionList } from "./distribution/list.endpoint";
import { rightsListings } from "./rights/listings.endpoint";
import { rightsCreate } from "./rights/create.endpoint";
import { rightsLicense } from "./rights/license.endpoint";
import { rightsWithdraw } from "./rights/withdraw.endpoint";
import { partnersRegisterWebhook } from "./partners/register-webhook.endpoint";
import { partnersWebhookDeliveries } from "./partners/webhook-deliveries.endpoint";
import { partnersListWebhooks } from "./partners/list-webhooks.endpoint";
import { partnersDisableWebhook } from "./partners/disable-webhook.endpoint";
import { adCampaigns } from "./ads/campaigns.endpoint";
import { adsOfCapsule } from "./ads/of-capsule.endpoint";
import { burnStatus } from "./burn/status.endpoint";
import { vaultObject } from "./vault/object.endpoint";
import { vaultUpload } from "./vault/upload.endpoint";
import { vaultFetch } from "./vault/fetch.endpoint";
import { bountyProposals } from "./bounty/proposals.endpoint";
import { bountyEvaluations } from "./bounty/evaluations.endpoint";
import { bountyHealth } from "./bounty/health.endpoint";
import { bountyToken } from "./bounty/token.endpoint";
// newsroom-data (issue 13)
import { capsuleVotes } from "./voting/votes.endpoint";
import { liveStream } from "./live/stream.endpoint";
import { courtReply } from "./court/reply.endpoint";
import { inboxRead } from "./inbox/read.endpoint";
import { inboxMarkRead } from "./inbox/mark-read.endpoint";
// reader (issue 12)
import { capsuleProof } from "./reader/proof.endpoint";
import { capsuleBadge } from "./reader/badge.endpoint";
// claims (issue 27)
import { capsuleClaims } from "./capsules/claims.endpoint";
import { capsuleClaimsSet } from "./capsules/claims-set.endpoint";

export const endpoints = [
  health,
  config,
  networkStatus,
  contractsSummary,
  envKeys,
  actionKeys,
  canonicalEnv,
  openApiDocument,
  authCheck,
  authNonce,
  authSession,
  authSessionRevoke,
  outletList,
  outletRead,
  outletUsers,
  outletCreate,
  outletVerify,
  ownershipOffer,
  ownershipOffers,
  ownershipAccept,
  ownershipDecline,
  ownershipWithdraw,
  roleCatalogRead,
  walletRolesAtOutlet,
  roleGrant,
  roleRevoke,
  roleOffers,
  roleOfferAccept,
  roleOfferDecline,
  roleOfferWithdraw,
  walletRoles,
  walletActivity,
  capsuleList,
  capsuleRead,
  capsuleCreate,
  capsuleUpdate,
  capsuleHistory,
  capsuleHistoryAdd,
  capsuleEvidence,
  capsuleEvidenceAdd,
  capsuleSupporting,
  capsuleSupportingAdd,
  capsuleDisputes,
  capsuleRights,
  capsuleLabels,
  capsuleAds,
  capsuleSubmit,
  capsuleVote,
  capsuleAccept,
  capsuleReject,
  capsuleDispute,
  courtCases,
  courtCase,
  courtEvidence,
  courtCommit,
  courtReveal,
  courtAdvance,
  courtAppeal,
  distributionList,
  rightsListings,
  rightsCreate,
  rightsLicense,
  rightsWithdraw,
  adCampaigns,
  adsOfCapsule,
  burnStatus,
  vaultObject,
  vaultUpload,
  vaultFetch,
  bountyProposals,
  bountyEvaluations,
  bountyHealth,
  bountyToken,
  // newsroom-data (issue 13)
  capsuleVotes,
  liveStream,
  courtReply,
  inboxRead,
  inboxMarkRead,
  // reader (issue 12)
  capsuleProof,
  capsuleBadge,
  // claims (issue 27)
  capsuleClaims,
  capsuleClaimsSet,
  // distribution: partner streams (issue 29)
  partnersRegisterWebhook,
  partnersWebhookDeliveries,
  partnersListWebhooks,
  partnersDisableWebhook,
  walletEarnings,
] as const;

export type RegisteredEndpoint = (typeof endpoints)[number];
/** The same list, typed as plain descriptors (for code that walks every endpoint). */
export const endpointList: readonly Endpoint[] = endpoints;
