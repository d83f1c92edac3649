import { z } from "zod";
import { MAX_INLINE_MARKS, tooManyInlineMarksLine } from "@/lib/markdown/inline-marks";
import { MAX_MARKDOWN_NESTING, tooDeeplyNestedLine } from "@/lib/markdown/nesting";
import { checkBidiControls, zMultiLine, zOneLine } from "@/lib/schemas/plain-text";
import { ZStoredUri, ZWebUrl } from "@/lib/schemas/uri";
import { pageQuery } from "@/lib/schemas/pagination";
import { pagedResponse, ZAddressOut, ZUintString } from "@/lib/schemas/primitives";
import { zDecimalId, zIdInput } from "@/lib/schemas/whole-number";
import { checkShares, countPrimary, hasAuthor, NO_AUTHOR_MESSAGE } from "@/features/capsules/contributors";
import { AUTHOR_ROLES, isAuthorRole } from "@/lib/roles/role-catalog";
import { ZAddress, ZOutletSummary, ZSlug } from "@/features/outlets/outlets.schema";
import { ZOperatorTxAck, ZOperatorTxObject } from "./operator-tx.schema";
import { ZClaimObject } from "./claims.schema";
import { ZFeatureImageInput } from "@/features/capsules/feature-image";

// Capsules (seed: Capsule read response, creation payload, supporting relation, revision history;
// docs/ARCHITECTURE.md, design rules). Ids are decimal strings, times Unix seconds as strings, amounts wei strings.

export const ZCapsuleId = zDecimalId("capsule id");
export const ZCapsuleIdParams = z.object({ id: ZCapsuleId });

const ZHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "0x + 64 hex digits (SHA-256)").transform((v) => v.toLowerCase());

export const evidenceTypes = ["archived_page", "transcript", "document", "media", "data"] as const;
export const contributionTypes = ["author", "editor", "researcher", "reviewer"] as const;
export const relationshipTypes = ["supports", "extends", "cites", "responds_to", "contradicts"] as const;
export const capsuleStatuses = ["draft", "pending", "accepted", "rejected", "finalized", "superseded"] as const;
export const capsuleTypes = ["original", "correction", "retraction", "supporting"] as const;

export const ZEvidenceItem = z
  .object({
    uri: ZStoredUri,
    contentHash: ZHash,
    evidenceType: z.enum(evidenceTypes),
    mimeType: z.string().regex(/^[a-zA-Z0-9][\w.+-]*\/[a-zA-Z0-9][\w.+-]*$/, "a MIME type (type/subtype)").max(127),
    isPrimary: z.boolean().default(false),
    label: zOneLine(1, 300),
  })
  .strict();
export type TEvidenceItem = z.infer<typeof ZEvidenceItem>;

export const ZContributorItem = z
  .object({
    wallet: ZAddress,
    displayName: zOneLine(1, 120),
    role: z.number().int().refine(isAuthorRole, `one of the author roles ${AUTHOR_ROLES.join(", ")}`),
    contributionType: z.enum(contributionTypes),
    shareBps: z.number().int("a share is a whole number of basis points").min(0, "a share cannot be negative").max(10_000, "a share is at most 10,000 basis points (100 %)"),
    attributionURI: ZWebUrl.optional(),
  })
  .strict();
export type TContributorItem = z.infer<typeof ZContributorItem>;

/** The most active evidence items a capsule lists: a draft's list, and items added one by one later. */
export const MAX_EVIDENCE_ITEMS = 50;

/** The most related capsules a capsule lists: a draft's `supportingCapsules`, and relations added one by one later. */
export const MAX_SUPPORTING_RELATIONS = 50;

const ZEvidenceList = z.array(ZEvidenceItem).max(MAX_EVIDENCE_ITEMS).superRefine((items, ctx) => {
  if (countPrimary(items) > 1) ctx.addIssue({ code: "custom", message: "at most one evidence item may be primary" });
});
const ZContributorList = z.array(ZContributorItem).min(1).max(50).superRefine((items, ctx) => {
  const shares = checkShares(items.map((item) => item.shareBps));
  if (!shares.ok) ctx.addIssue({ code: "custom", message: shares.message });
  const wallets = new Set(items.map((item) => item.wallet));
  if (wallets.size !== items.length) ctx.addIssue({ code: "custom", message: "each contributor wallet may appear once" });
  if (items.length > 0 && !hasAuthor(items.map((item) => item.contributionType))) ctx.addIssue({ code: "custom", message: NO_AUTHOR_MESSAGE });
});

export const ZArticleSlug = z
  .string()
  .max(80, "At most 80 characters.")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "lowercase letters, digits and single hyphens, such as council-approves-budget");

const contentFields = {
  title: zOneLine(1, 300),
  body: zMultiLine(1, 200_000).superRefine((body, ctx) => {
    const line = tooDeeplyNestedLine(body);
    if (line !== undefined) ctx.addIssue({ code: "custom", message: `line ${line} nests quotes or lists more than ${MAX_MARKDOWN_NESTING} levels deep` });
    const paragraph = tooManyInlineMarksLine(body);
    if (paragraph !== undefined) {
      ctx.addIssue({ code: "custom", message: `the paragraph from line ${paragraph} holds more than ${MAX_INLINE_MARKS.toLocaleString("en")} of * _ ~ [ ]; split it with a blank line` });
    }
  }),
  subtitle: zOneLine(0, 300).nullable().optional(),
  summary: zMultiLine(0, 2000, { trim: true }).nullable().optional(),
  language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "a language code such as en or pt-BR").optional(),
  category: zOneLine(0, 80).nullable().optional(),
  tags: z.array(zOneLine(1, 40)).max(20).optional(),
  sourceUrl: ZWebUrl.nullable().optional(),
  rightsNotes: zMultiLine(0, 4000, { trim: true }).nullable().optional(),
  supportingCapsules: z.array(zIdInput("capsule id")).max(MAX_SUPPORTING_RELATIONS).optional(),
  evidence: ZEvidenceList.optional(),
  contributors: ZContributorList.optional(),
  /** A picture from the vault shown above the article, with its alt text; null removes it. */
  featureImage: ZFeatureImageInput.nullable().optional(),
};

export const ZCreateCapsuleBody = z
  .object({
    ...contentFields,
    outletSlug: ZSlug,
    authorWallet: ZAddress.optional(),
    capsuleType: z.enum(["original", "supporting"]).default("original"),
    status: z.literal("draft").default("draft"),
  })
  .strict();
export type TCreateCapsuleBody = z.infer<typeof ZCreateCapsuleBody>;

/** A draft's revision (`draftRevision`), named by an edit or a submission that must find the draft unchanged. */
export const ZDraftRevision = z.number().int().min(0).max(2_147_483_647);
export const ZUpdateCapsuleBody = z
  .object({
    capsuleId: ZCapsuleId,
    title: contentFields.title.optional(),
    body: contentFields.body.optional(),
    subtitle: contentFields.subtitle,
    summary: contentFields.summary,
    language: contentFields.language,
    category: contentFields.category,
    tags: contentFields.tags,
    sourceUrl: contentFields.sourceUrl,
    rightsNotes: contentFields.rightsNotes,
    supportingCapsules: contentFields.supportingCapsules,
    evidence: contentFields.evidence,
    contributors: contentFields.contributors,
    featureImage: contentFields.featureImage,
    /** The article's address at its outlet (/read/… links), editable while it is a draft; unique per outlet. */
    articleSlug: ZArticleSlug.optional(),
    /**
     * The draft's revision this edit was made on (`draftRevision` of the read): the save is refused with 409
     * DRAFT_CHANGED, nothing written, when the draft was saved since. Left out, the edit replaces whatever is saved.
     */
    ifRevision: ZDraftRevision.optional(),
  })
  .strict();
export type TUpdateCapsuleBody = z.infer<typeof ZUpdateCapsuleBody>;

export const ZAddEvidenceBody = ZEvidenceItem;
export const ZAddSupportingBody = z
  .object({ supportingCapsuleId: ZCapsuleId, relationshipType: z.enum(relationshipTypes) })
  .strict();
export type TAddSupportingBody = z.infer<typeof ZAddSupportingBody>;

export const ZListCapsulesQuery = pageQuery.extend({
  outlet: ZSlug.optional(),
  status: z.enum(capsuleStatuses).optional(),
});
export type TListCapsulesQuery = z.infer<typeof ZListCapsulesQuery>;

/**
 * `ifRevision`: the draft's revision the submitter saw (`draftRevision` of the read); the voucher is refused with 409
 * DRAFT_CHANGED, none issued, when the draft was saved since, so the chain commits to the text on the submitter's
 * screen. Left out, the voucher commits to whatever is saved.
 */
export const ZSubmitCapsuleBody = z.object({ ifRevision: ZDraftRevision.optional() }).strict();

/** The longest public reason a voter may give, in characters (code points). */
export const VOTE_REASON_MAX = 280;

/** A vote's public reason exactly as signed: one line of visible text, at most VOTE_REASON_MAX characters, bidirectional controls closed. */
export const ZVoteReason = z
  .string()
  .refine((s) => s.trim() !== "", "a reason must not be blank (leave it out instead)")
  .refine((s) => [...s].length <= VOTE_REASON_MAX, `at most ${VOTE_REASON_MAX} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "one line, without control characters")
  .refine((s) => s === s.trim(), "no leading or trailing spaces (sign the trimmed text)")
  // free text shown beside the voter's name: closed isolates for mixed scripts, no override (plain-text.ts)
  .superRefine(checkBidiControls);

const ZSignatureHex = z.string().regex(/^0x[0-9a-fA-F]{130}$/, "a 65-byte 0x-hex signature");

export const ZVoteBody = z
  .object({
    support: z.boolean(),
    deadline: z.union([z.string().regex(/^[0-9]{1,20}$/, "Unix seconds"), z.number().int().nonnegative()]).transform((v) => BigInt(v)),
    signature: ZSignatureHex,
    /** Optional public reason; with it, reasonSignature: the voter's EIP-712 VoteReason for the same ballot nonce. */
    reason: ZVoteReason.optional(),
    reasonSignature: ZSignatureHex.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.reason !== undefined && body.reasonSignature === undefined) ctx.addIssue({ code: "custom", path: ["reasonSignature"], message: "a reason needs the voter's VoteReason signature" });
    if (body.reason === undefined && body.reasonSignature !== undefined) ctx.addIssue({ code: "custom", path: ["reason"], message: "a reason signature without a reason" });
  });
export type TVoteBody = z.infer<typeof ZVoteBody>;

export const ZAcceptBody = z.object({ capsuleId: ZCapsuleId }).strict();
export const ZRejectBody = z.object({ reason: zMultiLine(1, 1000, { trim: true }).optional() }).strict();

export const ZAddHistoryBody = z
  .object({
    capsuleType: z.enum(["original", "correction", "retraction"]),
    revisionReason: zMultiLine(1, 2000, { trim: true, maxMessage: "keep the reason under 2,000 characters" }),
    changeSummaryURI: ZStoredUri.optional(),
    /** The parent's claims this correction or retraction corrects (ids from its claims); each must be one of them. */
    correctsClaimIds: z
      .array(zIdInput("claim id"))
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, "each claim id may appear once")
      .optional(),
    title: contentFields.title.optional(),
    body: contentFields.body.optional(),
  })
  .strict();
export type TAddHistoryBody = z.infer<typeof ZAddHistoryBody>;

// ---- responses ----


export const ZCapsuleObject = z.object({
  id: z.string(),
  outletSlug: z.string(),
  articleSlug: z.string(),
  title: z.string(),
  metadataURI: z.string(),
  contentHash: z.string(),
  submitter: ZAddressOut,
  status: z.enum(capsuleStatuses),
  capsuleType: z.enum(capsuleTypes),
  policyId: z.string(),
  trustedPublisherAtSubmit: z.boolean(),
  yesVotes: ZUintString,
  noVotes: ZUintString,
  weightedYes: z.string(),
  weightedNo: z.string(),
  weightedParticipation: z.string(),
  opensAt: ZUintString,
  closesAt: ZUintString,
  acceptedAt: ZUintString,
  finalizedAt: ZUintString,
  finalizedArticleId: z.string(),
  rootCapsuleId: z.string().nullable(),
  parentCapsuleId: z.string().nullable(),
  revisionNumber: z.number().int(),
  finalizedBy: ZAddressOut,
  integrityLabel: z.string(),
  eligibleWeight: ZUintString,
  /** The block whose RoleRegistry checkpoints make the electorate (null until the window opens). */
  snapshotBlock: ZUintString.nullable(),
  /** SHA-256 of the manifest the chain committed to at submission (ArticleRegistry.commitmentOf); null before. */
  manifestHash: z.string().nullable(),
  /** Merkle root over the manifest's evidence items (bytes32 zero when it lists none); null before submission. */
  evidenceRoot: z.string().nullable(),
  submitTxHash: z.string().nullable(),
  finalizeTxHash: z.string().nullable(),
  closedAt: ZUintString,
  createdAt: ZUintString,
  updatedAt: ZUintString,
});
export type TCapsuleObject = z.infer<typeof ZCapsuleObject>;

export const ZPolicyObject = z.object({
  note: z.string(),
  policyId: z.string(),
  approvalThreshold: z.number(),
  quorumThreshold: z.number(),
  votingWindowSeconds: z.number(),
});

/** The seed's outlet object, the same shape as the head of GET /api/outlets/:slug, with the outlet's name for pages. */
export const ZCapsuleOutletObject = ZOutletSummary.extend({ outletName: z.string().meta({ description: "The outlet's display name (what pages show)" }) });

export const ZContentObject = ZOutletSummary.omit({ status: true }).extend({
  capsuleId: z.string(),
  contentHash: z.string(),
  contentType: z.literal("article"),
  contentURI: z.string(),
  createdAt: ZUintString,
  createdBy: ZAddressOut,
  exists: z.boolean(),
  language: z.string(),
  metadataURI: z.string(),
  status: z.string(),
  subtitle: z.string(),
  summary: z.string(),
  title: z.string(),
  visibility: z.literal("public"),
  articleSlug: z.string(),
  body: z.string(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  sourceUrl: z.string().nullable(),
  rightsNotes: z.string().nullable(),
  /** The feature image (a vault object) with its alt text; `url` is where this service serves its bytes. */
  featureImage: z.object({ contentHash: z.string(), mimeType: z.string(), alt: z.string(), url: z.string() }).nullable(),
});

export const ZEvidenceObject = z.object({
  evidenceId: z.string(),
  capsuleId: z.string(),
  evidenceType: z.enum(evidenceTypes),
  isPrimary: z.boolean(),
  label: z.string(),
  mimeType: z.string(),
  contentHash: z.string(),
  uri: z.string(),
  submittedBy: ZAddressOut,
  createdAt: ZUintString,
  active: z.boolean(),
});

export const ZContributorObject = z.object({
  contributorId: z.string(),
  capsuleId: z.string(),
  wallet: ZAddressOut,
  displayName: z.string(),
  role: z.number().int(),
  contributionType: z.enum(contributionTypes),
  shareBps: z.number().int(),
  attributionURI: z.string(),
  createdAt: ZUintString,
  active: z.boolean(),
});

export const ZRevisionObject = z.object({
  capsuleId: z.string(),
  currentCapsuleId: z.string(),
  /**
   * The version readers see now: the newest finalized version of the chain. A correction under vote does not change it;
   * null while no version has been finalized.
   */
  publishedCapsuleId: z.string().nullable(),
  rootCapsuleId: z.string(),
  parentCapsuleId: z.string().nullable(),
  revisionNumber: z.number().int(),
  revisionReason: z.string().nullable(),
  changeSummaryURI: z.string().nullable(),
  /** A correction's or retraction's list of the parent's claims it corrects (claim ids of the parent). */
  correctsClaimIds: z.array(z.string()),
  history: z.array(z.string()),
  revisionFeePaid: ZUintString,
  createdAt: ZUintString,
  createdBy: ZAddressOut,
  current: z.boolean(),
  status: z.string(),
});

/** A signed read of a pending capsule: may the reading wallet vote, as of the capsule's snapshot block. */
export const ZViewerVoting = z.object({
  wallet: ZAddressOut,
  snapshotBlock: ZUintString,
  /** An active, bonded Editor of the outlet with the voter flag at the snapshot block (CapsuleAcceptance's rule). */
  eligible: z.boolean(),
  /** The wallet's vote weight (its bond at the snapshot block, wei); "0" when not eligible. */
  weight: ZUintString,
});
export type TViewerVoting = z.infer<typeof ZViewerVoting>;

export const ZCapsuleResponse = z.object({
  ok: z.literal(true),
  found: z.literal(true),
  source: z.literal("capsule-bridge"),
  capsuleId: z.string(),
  capsule: ZCapsuleObject,
  policy: ZPolicyObject,
  outlet: ZCapsuleOutletObject,
  content: ZContentObject,
  evidence: z.array(ZEvidenceObject),
  contributors: z.array(ZContributorObject),
  /** The capsule's claims in article order (issue 27), the same items as GET /api/capsules/:id/claims. */
  claims: z.array(ZClaimObject),
  revision: ZRevisionObject,
  /** The operator transactions (relayed votes, close, finalize) of this capsule, newest first. */
  operatorTransactions: z.array(ZOperatorTxObject),
  /** Only on a signed read of a pending capsule whose window has opened. */
  viewerVoting: ZViewerVoting.optional(),
  /** Only while the capsule is a draft: its revision, moved by one on every save of its content (POST /api/capsules/update `ifRevision`). */
  draftRevision: z.number().int().nonnegative().optional(),
  /**
   * Only on the submitter's signed read of a draft whose submission voucher the chain may still take: the draft is
   * frozen (edits answer 409 INVALID_STATE) until the chain has the capsule or until `until` (the voucher's deadline,
   * ISO 8601 UTC), when the submission lapses.
   */
  submissionUnderWay: z.object({ until: z.string().datetime() }).optional(),
});
export type TCapsuleResponse = z.infer<typeof ZCapsuleResponse>;


/**
 * The signed-in reader's own vote on a listed capsule: "for" or "against" as the chain counted it, "none" while it has
 * cast none, "not-eligible" on an open vote it may not cast (it was not a bonded voting Editor of the outlet at the
 * capsule's snapshot block, the block before voting opened, as the chain checks a vote). Only on a signed read, and
 * only on capsules that went to a vote (never on drafts or withdrawn drafts).
 */
export const viewerVoteValues = ["for", "against", "none", "not-eligible"] as const;
export const ZViewerVote = z.enum(viewerVoteValues);
export type TViewerVote = z.infer<typeof ZViewerVote>;
export const ZCapsuleListItem = ZCapsuleObject.extend({ viewerVote: ZViewerVote.optional() });
export type TCapsuleListItem = z.infer<typeof ZCapsuleListItem>;
export const ZCapsuleListResponse = pagedResponse(ZCapsuleListItem);
export const ZEvidenceListResponse = pagedResponse(ZEvidenceObject).extend({ capsuleId: z.string() });
export const ZSupportingObject = z.object({
  capsuleId: z.string(),
  supportingCapsuleId: z.string(),
  relationshipType: z.enum(relationshipTypes),
  createdBy: ZAddressOut,
  createdAt: ZUintString,
});
export const ZSupportingListResponse = pagedResponse(ZSupportingObject).extend({ capsuleId: z.string() });
export const ZEmptyListResponse = pagedResponse(z.never()).extend({ capsuleId: z.string() });

export const ZEvidenceAddResponse = z.object({ ok: z.literal(true), capsuleId: z.string(), evidence: ZEvidenceObject, metadataURI: z.string() });
export const ZSupportingAddResponse = z.object({ ok: z.literal(true), relation: ZSupportingObject });

export const ZHistoryResponse = z.object({
  ok: z.literal(true),
  rootCapsuleId: z.string(),
  currentCapsuleId: z.string(),
  chain: z.array(
    z.object({
      capsuleId: z.string(),
      revisionNumber: z.number().int(),
      status: z.enum(capsuleStatuses),
      capsuleType: z.enum(capsuleTypes),
      parentCapsuleId: z.string().nullable(),
      revisionReason: z.string().nullable(),
      createdAt: ZUintString,
    }),
  ),
});

export const ZSubmitResponse = z.object({
  ok: z.literal(true),
  capsuleId: z.string(),
  registry: ZAddressOut,
  chainId: z.number().int(),
  voucher: z.object({
    capsuleId: ZUintString,
    outletSlug: z.string(),
    submitter: ZAddressOut,
    contentHash: z.string(),
    parentCapsuleId: ZUintString,
    windowSeconds: ZUintString,
    eligibleWeight: ZUintString,
    approvalPct: ZUintString,
    quorumPct: ZUintString,
    deadline: ZUintString,
    manifestHash: z.string(),
    evidenceRoot: z.string(),
  }),
  manifestURI: z.string().meta({ description: "ipfs://<CIDv1> of the manifest the voucher commits to; GET /api/vault/<CID> answers its bytes" }),
  signature: z.string(),
  fee: ZUintString,
  feeSplit: z.array(z.object({ key: z.string(), label: z.string(), bps: z.number().int(), percent: z.number(), amountWei: ZUintString, recipient: ZAddressOut })),
  deadline: ZUintString,
});

export const ZVoteResponse = z.object({
  ok: z.literal(true),
  txHash: z.string(),
  operatorTx: ZOperatorTxAck,
  capsuleId: z.string(),
  vote: z.object({ voter: ZAddressOut, support: z.boolean(), weight: ZUintString, reason: z.string().nullable() }),
  tally: z.object({
    status: z.enum(capsuleStatuses),
    yesVotes: ZUintString,
    noVotes: ZUintString,
    weightedYes: z.string(),
    weightedNo: z.string(),
    weightedParticipation: z.string(),
    eligibleWeight: ZUintString,
    opensAt: ZUintString,
    closesAt: ZUintString,
  }),
});
