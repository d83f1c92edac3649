// Every endpoint of the bridge, in the order of docs/API.md. A route file under app/api serves each
// (test/registry checks both directions); the OpenAPI document and the action catalogue read this list.
import type { Endpoint } from "./define";
import { health } from "./system/health";
import { config } from "./system/config";
import { networkStatus } from "./system/network-status";
import { contractsSummary } from "./meta/contracts-summary";
import { envKeys } from "./meta/env-keys";
import { actionKeys } from "./meta/action-keys";
import { canonicalEnv } from "./meta/canonical-env";
import { openApiDocument } from "./meta/openapi";
import { authCheck } from "./auth/check";
import { authNonce } from "./auth/nonce";
import { authSession } from "./auth/session";
import { authSessionRevoke } from "./auth/session-revoke";
import { outletList } from "./outlets/list";
import { outletRead } from "./outlets/read";
import { outletUsers } from "./outlets/users";
import { outletCreate } from "./outlets/create";
import { outletVerify } from "./outlets/verify";
import { roleCatalogRead } from "./roles/catalog";
import { walletRolesAtOutlet } from "./roles/wallet-at-outlet";
import { roleGrant } from "./roles/grant";
import { roleRevoke } from "./roles/revoke";
import { walletRoles } from "./wallet/roles";
import { walletActivity } from "./wallet/activity";
import { walletEarnings } from "./wallet/earnings";
import { capsuleList } from "./capsules/list";
import { capsuleRead } from "./capsules/read";
import { capsuleCreate } from "./capsules/create";
import { capsuleUpdate } from "./capsules/update";
import { capsuleHistory } from "./capsules/history";
import { capsuleHistoryAdd } from "./capsules/history-add";
import { capsuleEvidence } from "./capsules/evidence";
import { capsuleEvidenceAdd } from "./capsules/evidence-add";
import { capsuleSupporting } from "./capsules/supporting";
import { capsuleSupportingAdd } from "./capsules/supporting-add";
import { capsuleDisputes } from "./capsules/disputes";
import { capsuleRights } from "./capsules/rights";
import { capsuleLabels } from "./capsules/labels";
import { capsuleAds } from "./capsules/ads";
import { capsuleSubmit } from "./capsules/submit";
import { capsuleVote } from "./capsules/vote";
import { capsuleAccept } from "./capsules/accept";
import { capsuleReject } from "./capsules/reject";
import { capsuleDispute } from "./capsules/dispute";
import { courtCases } from "./court/cases";
import { courtCase } from "./court/case";
import { courtEvidence } from "./court/evidence";
import { courtCommit } from "./court/commit";
import { courtReveal } from "./court/reveal";
import { courtAdvance } from "./court/advance";
import { courtAppeal } from "./court/appeal";
import { distributionList } from "./distribution/list";
import { rightsListings } from "./rights/listings";
import { rightsCreate } from "./rights/create";
import { rightsLicense } from "./rights/license";
import { partnersRegisterWebhook } from "./partners/register-webhook";
import { partnersWebhookDeliveries } from "./partners/webhook-deliveries";
import { adCampaigns } from "./ads/campaigns";
import { adsOfCapsule } from "./ads/of-capsule";
import { burnStatus } from "./burn/status";
import { vaultObject } from "./vault/object";
import { vaultUpload } from "./vault/upload";
import { vaultFetch } from "./vault/fetch";
import { bountyProposals } from "./bounty/proposals";
import { bountyEvaluations } from "./bounty/evaluations";
import { bountyHealth } from "./bounty/health";
// newsroom-data (issue 13)
import { capsuleVotes } from "./capsules/votes";
import { liveStream } from "./live/stream";
import { courtReply } from "./court/reply";
import { inboxRead } from "./inbox/read";
import { inboxMarkRead } from "./inbox/mark-read";
// reader (issue 12)
import { capsuleProof } from "./capsules/proof";
import { capsuleBadge } from "./capsules/badge";
// claims (issue 27)
import { capsuleClaims } from "./capsules/claims";
import { capsuleClaimsSet } from "./capsules/claims-set";

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
  roleCatalogRead,
  walletRolesAtOutlet,
  roleGrant,
  roleRevoke,
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
  adCampaigns,
  adsOfCapsule,
  burnStatus,
  vaultObject,
  vaultUpload,
  vaultFetch,
  bountyProposals,
  bountyEvaluations,
  bountyHealth,
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
  walletEarnings,
] as const;

export type RegisteredEndpoint = (typeof endpoints)[number];
/** The same list, typed as plain descriptors (for code that walks every endpoint). */
export const endpointList: readonly Endpoint[] = endpoints;
