import { z } from "zod";
import { integrityLabelKeys } from "@/features/capsules/integrity-labels";

// The `label` section of GET /api/capsules/:id/proof: the integrity label the reader page shows and the on-chain
// facts it follows from (docs/DECISIONS.md, "The integrity label's chain basis"). The schema of the route and the verify
// script; the rule a basis gives a label by is label-rule.ts, which the article page's check shares without zod.

const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const decimal = z.string().regex(/^\d+$/);

export const ZLogRef = z.object({
  transactionHash: hex32,
  blockNumber: decimal,
  logIndex: z.number().int().min(0),
});
export type TLogRef = z.infer<typeof ZLogRef>;

export const ZLabelBasis = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }).meta({ description: "No label event: the article has never been labelled (label clean)" }),
  z
    .object({ kind: z.literal("juryCaseOpened"), caseId: decimal, capsuleId: decimal, log: ZLogRef })
    .meta({ description: "JuryCourt CaseOpened(caseId, capsuleId, …) of the case that contests the article (label contested)" }),
  z
    .object({ kind: z.literal("juryFinding"), caseId: decimal, capsuleId: decimal, log: ZLogRef, articleFinding: z.number().int() })
    .meta({ description: "JuryCourt CaseFinal(caseId, …, articleFinding, …) of the case whose finding is the label (1 verified, 2 misleading, 3 fraudulent, 4 unresolved)" }),
  z
    .object({ kind: z.literal("authorRevision"), capsuleId: decimal, capsuleType: z.enum(["correction", "retraction"]), log: ZLogRef })
    .meta({ description: "ArticleRegistry CapsuleFinalized of the author's correction (label corrected) or retraction (retracted_by_author)" }),
  z
    .object({ kind: z.literal("operator"), label: z.enum(integrityLabelKeys), by: z.string(), reason: z.string(), caseId: decimal.nullable(), transactionHash: hex32.nullable() })
    .meta({ description: "A label the bridge set with no on-chain event behind it (a clerk-era case): who set it, why, and its transaction if any" }),
]);
export type TLabelBasis = z.infer<typeof ZLabelBasis>;

export const ZLabelProof = z
  .object({
    value: z.enum(integrityLabelKeys).meta({ description: "The integrity label the reader page shows" }),
    juryCourt: address.nullable().meta({ description: "The JuryCourt contract whose CaseOpened/CaseFinal logs decide the label (null: none deployed)" }),
    chainCapsuleIds: z.array(decimal).meta({ description: "The capsule ids of the article's revision chain on chain: a JuryCourt case on any of them labels the article" }),
    fromBlock: decimal.meta({ description: "The block of the CapsuleFinalized of the chain's first version: no case on the article can be older, so a verifier scanning JuryCourt's logs starts here (JuryCourt.casesOf names the cases without a scan)" }),
    basis: ZLabelBasis,
    endedWithoutFinding: z
      .array(z.object({ caseId: decimal, capsuleId: decimal, opened: ZLogRef, final: ZLogRef }))
      .meta({ description: "JuryCourt cases of the chain after the basis that ended without a finding (their grounds named no claim of the article, or no juror revealed): the label before them was put back" }),
  })
  .meta({ description: "The article's integrity label and the chain facts it follows from; `npm run verify` reads them from its node" });
export type TLabelProof = z.infer<typeof ZLabelProof>;
