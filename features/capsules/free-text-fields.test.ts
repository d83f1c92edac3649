import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Endpoint } from "@/lib/endpoints/define";
import { capsuleClaimsSet } from "@/features/capsules/claims-set.endpoint";
import { capsuleCreate } from "@/features/capsules/create.endpoint";
import { capsuleReject } from "@/features/capsules/reject.endpoint";
import { capsuleDispute } from "@/features/court/dispute.endpoint";
import { courtReply } from "@/features/court/reply.endpoint";
import { outletCreate } from "@/features/outlets/create.endpoint";
import { partnersRegisterWebhook } from "@/features/partners/register-webhook.endpoint";
import { capsuleHistoryAdd } from "@/features/revisions/history-add.endpoint";
import { rightsCreate } from "@/features/rights/create.endpoint";

// Free text that pages, feeds and partners show (reasons, terms, grounds, notes, descriptions) may span lines but
// holds no other control character: invisible on a page, and most are not allowed in an XML feed.

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
  {
    endpoint: capsuleClaimsSet,
    field: "claims.0.note",
    set: (body, text) => ({ ...body, claims: [{ ...(body.claims as Array<Record<string, unknown>>)[0], note: text }] }),
  },
];

const sample = (endpoint: Endpoint) => structuredClone(endpoint.example?.body ?? {}) as Record<string, unknown>;
const issuePaths = (endpoint: Endpoint, body: unknown) => ((endpoint.body as z.ZodType).safeParse(body).error?.issues ?? []).map((issue) => issue.path.join("."));

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
});
