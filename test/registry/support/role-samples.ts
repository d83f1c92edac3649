import type { Endpoint } from "@/lib/endpoints/define";
import { ROLE } from "@/lib/roles/role-catalog";

// A valid request for every signed endpoint that declares roles, so the wrapper gets past body
// validation to the role check. A descriptor added with roles and no sample here fails the test.
// Capsule writes name the finalized capsule: another's draft is a missing id to a stranger (404
// before any role check; test/hardening/withdrawn-drafts.test.ts).

export type Scene = { outletSlug: string; draftId: string; finalizedId: string; caseId: string; stranger: string };
export type Sample = { params?: Record<string, string>; body: unknown };

const evidence = { uri: "https://archive.example.org/doc/2", contentHash: `0x${"ab".repeat(32)}`, evidenceType: "document", mimeType: "application/pdf", isPrimary: false, label: "Another document" };

export const roleSamples: Record<string, (scene: Scene) => Sample> = {
  "outlets.verify": (s) => ({ body: { outletSlug: s.outletSlug, method: "dns_txt" } }),
  "roles.grant": (s) => ({ body: { outletSlug: s.outletSlug, wallet: s.stranger, roleId: ROLE.JOURNALIST } }),
  "roles.revoke": (s) => ({ body: { outletSlug: s.outletSlug, wallet: s.stranger, roleId: ROLE.JOURNALIST } }),
  "capsules.create": (s) => ({ body: { title: "Not my newsroom", body: "A draft at an outlet where I hold no role.", outletSlug: s.outletSlug } }),
  "capsules.update": (s) => ({ body: { capsuleId: s.finalizedId, title: "Hijacked" } }),
  "capsules.history-add": (s) => ({ params: { id: s.finalizedId }, body: { capsuleType: "correction", revisionReason: "A correction by a stranger" } }),
  "capsules.evidence-add": (s) => ({ params: { id: s.finalizedId }, body: evidence }),
  "capsules.supporting-add": (s) => ({ params: { id: s.finalizedId }, body: { supportingCapsuleId: s.finalizedId, relationshipType: "cites" } }),
  "capsules.submit": (s) => ({ params: { id: s.finalizedId }, body: {} }),
  "capsules.vote": (s) => ({ params: { id: s.finalizedId }, body: { support: true, deadline: "1", signature: `0x${"11".repeat(65)}` } }),
  "capsules.reject": (s) => ({ params: { id: s.finalizedId }, body: {} }),
  "capsules.dispute": (s) => ({ params: { id: s.finalizedId }, body: { grounds: "The figures in the second paragraph are wrong." } }),
  "court.verdict": (s) => ({ params: { id: s.caseId }, body: { verdict: "verified", rationale: "The evidence supports every claim made." } }),
  "court.reply": (s) => ({ params: { id: s.caseId }, body: { reply: "The opening date was checked against the council's notice." } }),
  "capsules.claims-set": (s) => ({ params: { id: s.finalizedId }, body: { claims: [{ exact: "draft", claimType: "other", evidenceIds: [] }] } }),
  "rights.create": (s) => ({ body: { capsuleId: s.finalizedId, licenceType: "non_exclusive", territory: "worldwide", price: "1", currency: "CAP", terms: "Syndication for one year." } }),
};

/** Signed endpoints whose declared roles a wallet can lack (any signed wallet passes the others). */
export const restricted = (list: readonly Endpoint[]) => list.filter((e) => e.roles && ((e.roles.anyOf ?? []).length > 0 || e.roles.submitterOnly || e.roles.walletBond));
