import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Endpoint } from "@/lib/endpoints/define";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { courtReply } from "@/features/court/reply.endpoint";
import { courtReveal } from "@/features/court/reveal.endpoint";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { partnersRegisterWebhook } from "@/features/partners/register-webhook.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";

// Free text that pages, feeds and partners show (reasons, terms, grounds, notes, descriptions) may span lines but
// holds no other control character: invisible on a page, and most are not allowed in an XML feed. Bidirectional
// embeddings and isolates are taken when closed on their line (mixed scripts), overrides never (plain-text.ts).

type Case = { endpoint: Endpoint; field: string; set: (body: Record<string, unknown>, text: string) => Record<string, unknown> };
const top = (endpoint: Endpoint, field: string): Case => ({ endpoint, field, set: (body, text) => ({ ...body, [field]: text }) });
const cases: Case[] = [
  top(rightsCreate, "terms"),
  top(capsuleCreate, "rightsNotes"),
  top(capsuleReject, "reason"),
  top(capsuleHistoryAdd, "revisionReason"),
  top(outletCreate, "description"),
  top(capsuleDispute, "grounds"),
  top(capsuleDispute, "claim"),
  top(courtReply, "reply"),
  top(partnersRegisterWebhook, "description"),
  top(capsuleCreate, "summary"),
  top(capsuleCreate, "body"),
  {
    endpoint: capsuleClaimsSet,
    field: "claims.0.note",
    set: (body, text) => ({ ...body, claims: [{ ...(body.claims as Array<Record<string, unknown>>)[0], note: text }] }),
  },
];

const sample = (endpoint: Endpoint) => structuredClone(endpoint.example?.body ?? {}) as Record<string, unknown>;
const issuePaths = (endpoint: Endpoint, body: unknown) => ((endpoint.body as z.ZodType).safeParse(body).error?.issues ?? []).map((issue) => issue.path.join("."));

// a vote's reason and a juror's reasons are one line each but free text: they follow the same rule on bidirectional
// controls; a webhook's description is a one-line label, which takes none (one-line-fields.test.ts)
const bidiCases: Case[] = [
  ...cases.filter((c) => c.endpoint !== partnersRegisterWebhook),
  top(capsuleVote, "reason"),
  { endpoint: courtReveal, field: "reasons.0", set: (body, text) => ({ ...body, reasons: [text] }) },
];
const [RLO, RLI, PDI] = ["\u202E", "\u2067", "\u2069"];

describe("free text people read", () => {
  for (const { endpoint, field, set } of cases) {
    it(`${endpoint.id}: refuses a control character in ${field} and takes line breaks where the field spans lines`, () => {
      const text = "Checked against the council's notice of 3 March.";
      expect(issuePaths(endpoint, set(sample(endpoint), text))).toEqual([]);
      expect(issuePaths(endpoint, set(sample(endpoint), `${text}\u0007`))).toEqual([field]);
      expect(issuePaths(endpoint, set(sample(endpoint), `${text}\u009B`))).toEqual([field]);
    });
  }

  it("keeps paragraphs in multi-line fields", () => {
    const grounds = "The reopening date contradicts the council's notice.\n\nThe notice is attached.";
    expect(issuePaths(capsuleDispute, { ...sample(capsuleDispute), grounds })).toEqual([]);
  });

  for (const { endpoint, field, set } of bidiCases) {
    it(`${endpoint.id}: takes a closed isolate in ${field}, refuses an override, an open isolate and a stray closer`, () => {
      const text = "Checked against the council's notice of 3 March";
      expect(issuePaths(endpoint, set(sample(endpoint), `${text}, ${RLI}إشعار المجلس${PDI}.`))).toEqual([]);
      expect(issuePaths(endpoint, set(sample(endpoint), `${text}, I vote ${RLO}tpecca${PDI}.`))).toEqual([field]);
      expect(issuePaths(endpoint, set(sample(endpoint), `${text}, ${RLI}then the rest.`))).toEqual([field]);
      expect(issuePaths(endpoint, set(sample(endpoint), `${text}${PDI}.`))).toEqual([field]);
    });
  }
});
