import type { z } from "zod";
import { ZCreateCapsuleBody, ZUpdateCapsuleBody, type TCapsuleResponse, evidenceTypes, contributionTypes } from "@/lib/schemas/capsules";

// The draft form's state and its mapping to the bridge's create/update bodies. Validation uses the
// route's own zod schemas, so a message shown next to a field is the one the bridge would give.

export type EvidenceDraft = {
  key: string;
  label: string;
  evidenceType: (typeof evidenceTypes)[number];
  mimeType: string;
  contentHash: string;
  uri: string;
  isPrimary: boolean;
  fileName?: string;
};

export type ContributorDraft = {
  key: string;
  wallet: string;
  displayName: string;
  role: number;
  contributionType: (typeof contributionTypes)[number];
  shareBps: number;
  attributionURI: string;
};

export type DraftState = {
  outletSlug: string;
  title: string;
  category: string;
  tags: string;
  sourceUrl: string;
  body: string;
  rightsNotes: string;
  evidence: EvidenceDraft[];
  contributors: ContributorDraft[];
};

let counter = 0;
export const newKey = () => `k${Date.now().toString(36)}${(counter++).toString(36)}`;

export const emptyDraft = (outletSlug: string, wallet: string | undefined): DraftState => ({
  outletSlug,
  title: "",
  category: "",
  tags: "",
  sourceUrl: "",
  body: "",
  rightsNotes: "",
  evidence: [],
  contributors: wallet ? [{ key: newKey(), wallet, displayName: "", role: 1, contributionType: "author", shareBps: 10_000, attributionURI: "" }] : [],
});

export function draftFromCapsule(read: TCapsuleResponse): DraftState {
  return {
    outletSlug: read.capsule.outletSlug,
    title: read.content.title || read.capsule.title,
    category: read.content.category ?? "",
    tags: read.content.tags.join(", "),
    sourceUrl: read.content.sourceUrl ?? "",
    body: read.content.body,
    rightsNotes: read.content.rightsNotes ?? "",
    evidence: read.evidence
      .filter((e) => e.active)
      .map((e) => ({ key: newKey(), label: e.label, evidenceType: e.evidenceType, mimeType: e.mimeType, contentHash: e.contentHash, uri: e.uri, isPrimary: e.isPrimary })),
    contributors: read.contributors
      .filter((c) => c.active)
      .map((c) => ({
        key: newKey(),
        wallet: c.wallet,
        displayName: c.displayName,
        role: c.role,
        contributionType: c.contributionType,
        shareBps: c.shareBps,
        attributionURI: c.attributionURI,
      })),
  };
}

const tagsOf = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
const orNull = (text: string) => (text.trim() ? text.trim() : null);

function contentOf(state: DraftState) {
  return {
    title: state.title,
    body: state.body,
    category: orNull(state.category),
    tags: tagsOf(state.tags),
    sourceUrl: orNull(state.sourceUrl),
    rightsNotes: orNull(state.rightsNotes),
    evidence: state.evidence.map(({ label, evidenceType, mimeType, contentHash, uri, isPrimary }) => ({ label, evidenceType, mimeType, contentHash, uri, isPrimary })),
    ...(state.contributors.length > 0
      ? {
          contributors: state.contributors.map(({ wallet, displayName, role, contributionType, shareBps, attributionURI }) => ({
            wallet,
            displayName,
            role,
            contributionType,
            shareBps,
            ...(attributionURI.trim() ? { attributionURI: attributionURI.trim() } : {}),
          })),
        }
      : {}),
  };
}

export const createPayload = (state: DraftState, wallet: string) => ({ ...contentOf(state), outletSlug: state.outletSlug, authorWallet: wallet, status: "draft" as const });
export const updatePayload = (state: DraftState, capsuleId: string) => ({ capsuleId, ...contentOf(state) });

export type DraftErrors = Record<string, string>;

/** Messages keyed by field path ("title", "evidence.0.label", "contributors"), from the route's schema. */
export function validateDraft(state: DraftState, capsuleId: string | undefined, wallet: string): { ok: boolean; errors: DraftErrors } {
  const result: z.ZodSafeParseResult<unknown> = capsuleId ? ZUpdateCapsuleBody.safeParse(updatePayload(state, capsuleId)) : ZCreateCapsuleBody.safeParse(createPayload(state, wallet));
  if (result.success) return { ok: true, errors: {} };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    errors[path] ??= friendly(path, issue.message);
  }
  return { ok: false, errors };
}

function friendly(path: string, message: string): string {
  if (/^Too small/.test(message) && (path === "title" || path === "body")) return path === "title" ? "Give the capsule a title" : "Write the article body";
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export const shareTotal = (contributors: ContributorDraft[]) => contributors.reduce((sum, c) => sum + (Number.isFinite(c.shareBps) ? c.shareBps : 0), 0);
