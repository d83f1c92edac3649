import { z } from "zod";
import { getAddress } from "viem";
import { withOneLineRules, zMultiLine } from "@/lib/schemas/plain-text";

// Bounty read service (seed "Bounty read service", docs/ARCHITECTURE.md, "Errors, limits and lists"): records, pages and list query.
// The seed leaves the record fields open; these are the project's (docs/DECISIONS.md).

export const bountyProposalStatuses = ["open", "under_review", "approved", "rejected", "settled"] as const;
export const bountyVerdicts = ["approve", "reject", "needs_changes"] as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const bountyId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, "expected an id of letters, digits and . _ : -");
/** Any-case hex address in, EIP-55 checksummed address out. */
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "expected a 0x-prefixed 20-byte hex address")
  .transform((value) => getAddress(value));
/** Wei amounts and other uint256 values: decimal strings without sign, point or leading zeros. */
export const weiAmount = z.string().regex(/^(0|[1-9][0-9]{0,77})$/, "expected a decimal integer string (wei)");
/** Unix seconds carried as a decimal string (seed conventions). */
export const unixSeconds = z.string().regex(/^(0|[1-9][0-9]{0,15})$/, "expected Unix seconds as a decimal string");
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug");
/** "native" = the network's native token; otherwise the ERC-20 contract address. */
export const rewardToken = z.union([z.literal("native"), addressSchema]);

const proposalFields = {
  id: bountyId,
  title: text(200),
  summary: text(4000),
  capsuleId: bountyId.nullable(),
  outletSlug: slug.nullable(),
  rewardAmount: weiAmount,
  rewardToken,
  proposer: addressSchema,
  status: z.enum(bountyProposalStatuses),
  createdAt: unixSeconds,
  updatedAt: unixSeconds,
};
type ProposalCore = { capsuleId: string | null; outletSlug: string | null; createdAt: string; updatedAt: string };
const proposalRules = <T extends z.ZodType<ProposalCore>>(schema: T) =>
  schema
    .refine((p) => p.capsuleId !== null || p.outletSlug !== null, {
      message: "a proposal concerns a capsule (capsuleId) or an outlet (outletSlug)",
      path: ["capsuleId"],
    })
    .refine((p) => BigInt(p.updatedAt) >= BigInt(p.createdAt), { message: "updatedAt is before createdAt", path: ["updatedAt"] });

// What a loaded export's words may hold: the text rules of an article's (a title one line without control or
// bidirectional formatting characters, a summary or rationale without control characters and with every
// bidirectional embedding or isolate closed on its line). The loader refuses a record that breaks them, naming it.
const exportedText = {
  title: withOneLineRules(text(200)),
  summary: zMultiLine(1, 4000, { trim: true }),
  rationale: zMultiLine(1, 4000, { trim: true }),
};

/** A proposal as the bounty engine exports it. */
export const bountyProposalSchema = proposalRules(z.object({ ...proposalFields, title: exportedText.title, summary: exportedText.summary }).strict());

const evaluationFields = {
  id: bountyId,
  proposalId: bountyId,
  evaluator: addressSchema,
  score: z.number().int().min(0).max(100),
  verdict: z.enum(bountyVerdicts),
  rationale: text(4000),
  createdAt: unixSeconds,
};
/** An evaluation as the bounty engine exports it. */
export const bountyEvaluationSchema = z.object({ ...evaluationFields, rationale: exportedText.rationale }).strict();

// What the service serves: the exported record plus `sample`, true for the bundled demonstration
// records (bounty/sample-state.json), which describe no real outlet or capsule.
export const bountyProposalRecordSchema = proposalRules(z.object({ ...proposalFields, sample: z.boolean() }).strict());
export const bountyEvaluationRecordSchema = z.object({ ...evaluationFields, sample: z.boolean() }).strict();

export type BountyProposalExport = z.infer<typeof bountyProposalSchema>;
export type BountyEvaluationExport = z.infer<typeof bountyEvaluationSchema>;
export type BountyProposal = z.infer<typeof bountyProposalRecordSchema>;
export type BountyEvaluation = z.infer<typeof bountyEvaluationRecordSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), limit: z.number().int().min(1).max(100), offset: z.number().int().min(0) }).strict();

export const bountyProposalPageSchema = pageOf(bountyProposalRecordSchema);
export const bountyEvaluationPageSchema = pageOf(bountyEvaluationRecordSchema);
export type BountyProposalPage = z.infer<typeof bountyProposalPageSchema>;
export type BountyEvaluationPage = z.infer<typeof bountyEvaluationPageSchema>;

export const bountyHealthSchema = z
  .object({
    status: z.literal("ok"),
    service: z.literal("capsule-bounty"),
    proposals: z.number().int().min(0),
    evaluations: z.number().int().min(0),
  })
  .strict();
export type BountyHealth = z.infer<typeof bountyHealthSchema>;

export const bountyErrorCodes = ["bounty_state_unavailable", "method_not_allowed", "not_found", "bad_request", "request_headers_too_large", "request_timeout", "payload_too_large", "internal_error"] as const;
export const bountyErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string().optional() }) });
export type BountyErrorCode = (typeof bountyErrorCodes)[number];

// List query (docs/ARCHITECTURE.md, "Errors, limits and lists"): limit 1..100 default 25, offset ≥ 0 default 0. The service is lenient:
// a value that is not a decimal integer falls back to the default, an out-of-range one is clamped.
export const BOUNTY_DEFAULT_LIMIT = 25;
export const BOUNTY_MAX_LIMIT = 100;

const integerParam = (fallback: number, min: number, max: number) =>
  z
    .string()
    .nullish()
    .transform((raw) => {
      const value = raw?.trim() ?? "";
      if (!/^[+-]?\d+$/.test(value)) return fallback;
      return Math.min(max, Math.max(min, Number(value)));
    });

export const bountyListQuerySchema = z.object({
  limit: integerParam(BOUNTY_DEFAULT_LIMIT, 1, BOUNTY_MAX_LIMIT),
  offset: integerParam(0, 0, Number.MAX_SAFE_INTEGER),
  proposalId: z
    .string()
    .nullish()
    .transform((raw) => (raw ? raw : undefined)),
});
export type BountyListQuery = z.infer<typeof bountyListQuerySchema>;

/**
 * The bridge's proxy (GET /api/bounty/v1/bounty-evaluations) takes a proposalId only in a record id's form:
 * another value names no proposal, and one the forwarded URL percent-encodes (`(`, `!`, `~`…) could grow past
 * the service's 16 KiB header limit, which the bridge then reported as 503 BOUNTY_SERVICE_UNREACHABLE.
 */
export const bountyProxyEvaluationsQuerySchema = bountyListQuerySchema.extend({
  proposalId: z
    .string()
    .regex(/^(?:[A-Za-z0-9][A-Za-z0-9._:-]{0,127})?$/, "a bounty proposal id: up to 128 letters, digits and . _ : -, starting with a letter or digit")
    .nullish()
    .transform((raw) => (raw ? raw : undefined)),
});

export function parseBountyListQuery(params: URLSearchParams): BountyListQuery {
  return bountyListQuerySchema.parse({
    limit: params.get("limit"),
    offset: params.get("offset"),
    proposalId: params.get("proposalId"),
  });
}

// Export file loaded by `npm run bounty:load` (the bounty engine's dump): the same records, except
// that times may also be given as JSON numbers.
const unixInput = z.union([unixSeconds, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).transform(String)]);
export const bountyExportSchema = z.object({
  proposals: z.array(z.unknown()),
  evaluations: z.array(z.unknown()),
});
export const bountyProposalInputSchema = z.preprocess(
  (value) => withUnixStrings(value, ["createdAt", "updatedAt"]),
  bountyProposalSchema,
);
export const bountyEvaluationInputSchema = z.preprocess((value) => withUnixStrings(value, ["createdAt"]), bountyEvaluationSchema);

function withUnixStrings(value: unknown, keys: string[]): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...value };
  for (const key of keys) {
    const parsed = unixInput.safeParse(copy[key]);
    if (parsed.success) copy[key] = parsed.data;
  }
  return copy;
}
