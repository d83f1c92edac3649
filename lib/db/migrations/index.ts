import type { Migration } from "kysely";
import * as foundation from "./2026-11-23-0001-foundation";
import * as bounty from "./2026-11-23-0005-bounty";
import * as outletsRoles from "./2026-11-23-0010-outlets-roles";
import * as capsules from "./2026-11-23-0020-capsules";
import * as courtRightsAdsVault from "./2026-11-23-0030-court-rights-ads-vault";
import * as authSessions from "./2026-11-23-0040-auth-sessions";
import * as indexerReorgs from "./2026-11-24-0100-indexer-reorgs";
import * as housekeepingIndexes from "./2026-11-24-0500-housekeeping-indexes";
import * as bountySampleFlag from "./2026-11-24-0510-bounty-sample-flag";
import * as adSampleFlag from "./2026-11-24-0511-ad-sample-flag";
import * as licencePayments from "./2026-11-24-0520-licence-payments";
import * as operatorOutbox from "./2026-11-24-0700-operator-outbox";
import * as courtFinding from "./2026-11-24-0800-court-finding";
import * as courtRepliesInbox from "./2026-11-24-1001-court-replies-inbox";
import * as outboxIntent from "./2026-11-24-1200-outbox-intent";
import * as capsulesOutletIdIndex from "./2026-11-27-0100-capsules-outlet-id-index";
import * as capsuleListVersion from "./2026-11-27-0200-capsule-list-version";
import * as capsulesNeverOnChainIndex from "./2026-11-28-0100-capsules-never-on-chain-index";
import * as capsuleClaims from "./2026-11-28-0200-capsule-claims";
import * as capsuleSnapshotBlock from "./2026-11-28-0400-capsule-snapshot-block";
import * as capsuleManifest from "./2026-11-29-0200-capsule-manifest";
import * as websub from "./2026-11-29-0400-websub";
import * as partnerWebhooks from "./2026-11-29-0500-partner-webhooks";
import * as adImpressions from "./2026-11-29-0510-ad-impressions";
import * as licenceEscrow from "./2026-11-29-0520-licence-escrow";
import * as juryCases from "./2026-11-29-0100-jury-cases";
import * as licenceSettlements from "./2026-11-30-0200-licence-settlements";
import * as capsuleVoteReasons from "./2026-11-30-0300-capsule-vote-reasons";
import * as capsuleFeatureImage from "./2026-12-01-02-capsule-feature-image";
import * as roleOffers from "./2026-12-03-0100-role-offers";
import * as uniqueOffersWebhooks from "./2026-12-03-0300-unique-offers-webhooks";
import * as inboxReadMarks from "./2026-12-04-0100-inbox-read-marks";
import * as websubTopicDigests from "./2026-12-05-0100-websub-topic-digests";
import * as rightsListingWithdrawal from "./2026-12-05-0200-rights-listing-withdrawal";
import * as adImpressionSites from "./2026-12-06-0300-ad-impression-sites";
import * as capsuleDraftRevision from "./2026-12-06-0400-capsule-draft-revision";
import * as outletNameSkeletons from "./2026-12-06-0500-outlet-name-skeletons";
import * as outletOwnershipOffers from "./2026-12-06-0600-outlet-ownership-offers";
import * as heldEscrowPayments from "./2026-12-06-0700-held-escrow-payments";

// Static registry (no filesystem scan) so migrations bundle with Next and run under tsx alike.
// Append new migrations here; names sort in the order they apply.
export const migrations: Record<string, Migration> = {
  "2026-11-23-0001-foundation": foundation,
  "2026-11-23-0005-bounty": bounty,
  "2026-11-23-0010-outlets-roles": outletsRoles,
  "2026-11-23-0020-capsules": capsules,
  "2026-11-23-0030-court-rights-ads-vault": courtRightsAdsVault,
  "2026-11-23-0040-auth-sessions": authSessions,
  "2026-11-24-0100-indexer-reorgs": indexerReorgs,
  "2026-11-24-0500-housekeeping-indexes": housekeepingIndexes,
  "2026-11-24-0510-bounty-sample-flag": bountySampleFlag,
  "2026-11-24-0511-ad-sample-flag": adSampleFlag,
  "2026-11-24-0520-licence-payments": licencePayments,
  "2026-11-24-0700-operator-outbox": operatorOutbox,
  "2026-11-24-0800-court-finding": courtFinding,
  "2026-11-24-1001-court-replies-inbox": courtRepliesInbox,
  "2026-11-24-1200-outbox-intent": outboxIntent,
  "2026-11-27-0100-capsules-outlet-id-index": capsulesOutletIdIndex,
  "2026-11-27-0200-capsule-list-version": capsuleListVersion,
  "2026-11-28-0100-capsules-never-on-chain-index": capsulesNeverOnChainIndex,
  "2026-11-28-0200-capsule-claims": capsuleClaims,
  "2026-11-28-0400-capsule-snapshot-block": capsuleSnapshotBlock,
  "2026-11-29-0200-capsule-manifest": capsuleManifest,
  "2026-11-29-0400-websub": websub,
  "2026-11-29-0500-partner-webhooks": partnerWebhooks,
  "2026-11-29-0510-ad-impressions": adImpressions,
  "2026-11-29-0520-licence-escrow": licenceEscrow,
  "2026-11-29-0100-jury-cases": juryCases,
  "2026-11-30-0200-licence-settlements": licenceSettlements,
  "2026-11-30-0300-capsule-vote-reasons": capsuleVoteReasons,
  "2026-12-01-02-capsule-feature-image": capsuleFeatureImage,
  "2026-12-03-0100-role-offers": roleOffers,
  "2026-12-03-0300-unique-offers-webhooks": uniqueOffersWebhooks,
  "2026-12-04-0100-inbox-read-marks": inboxReadMarks,
  "2026-12-05-0100-websub-topic-digests": websubTopicDigests,
  "2026-12-05-0200-rights-listing-withdrawal": rightsListingWithdrawal,
  "2026-12-06-0300-ad-impression-sites": adImpressionSites,
  "2026-12-06-0400-capsule-draft-revision": capsuleDraftRevision,
  "2026-12-06-0500-outlet-name-skeletons": outletNameSkeletons,
  "2026-12-06-0600-outlet-ownership-offers": outletOwnershipOffers,
  "2026-12-06-0700-held-escrow-payments": heldEscrowPayments,
};
