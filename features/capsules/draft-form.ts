import type { z } from "zod";
import { ZCreateCapsuleBody, ZUpdateCapsuleBody, type TCapsuleResponse, evidenceTypes, contributionTypes } from "@/features/capsules/capsules.schema";
import { lowestAuthorRole } from "@/lib/roles/role-catalog";
import { TOTAL_SHARE_BPS } from "@/features/capsules/contributors";
import { vaultObjectIdOf } from "@/lib/api/vault-path";

// The draft form's state, its mapping to the bridge's create/update bodies, and what an autosave
// sends. Validation uses the routes' own zod schemas, so a message next to a field is the bridge's rule.

export type EvidenceDraft = {
  key: string;
  label: string;
  evidenceType: (typeof evidenceTypes)[number];
  mimeType: string;
  contentHash: string;
  uri: string;
  isPrimary: boolean;
  fileName?: string;
  /** For an item added by link: the local file its hash was computed from (the file stays on the computer). */
  hashedFrom?: string;
  /** For an item the bridge fetched (POST /api/vault/fetch): the link it fetched; the vault keeps the copy. */
  fetchedFrom?: string;
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

/** The feature image as the form holds it: the vault object (hash, type, where it is served) and the alt text typed. */
export type FeatureImageDraft = { contentHash: string; mimeType: string; url: string; alt: string };

export type DraftState = {
  outletSlug: string;
  title: string;
  /** The standfirst under the headline (the interface's subtitle). */
  standfirst: string;
  /** The article's slug at its outlet: the bridge makes one from the title, editable until submission. */
  articleSlug: string;
  category: string;
  tags: string;
  sourceUrl: string;
  body: string;
  rightsNotes: string;
  evidence: EvidenceDraft[];
  contributors: ContributorDraft[];
  featureImage: FeatureImageDraft | null;
};

let counter = 0;
export const newKey = () => `k${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A fresh draft at `outletSlug`; `heldRoleIds`: the wallet's roles there (its own row is credited under one of them). */
export const emptyDraft = (outletSlug: string, wallet: string | undefined, heldRoleIds: readonly number[]): DraftState => ({
  outletSlug,
  title: "",
  standfirst: "",
  articleSlug: "",
  category: "",
  tags: "",
  sourceUrl: "",
  body: "",
  rightsNotes: "",
  evidence: [],
  featureImage: null,
  contributors: wallet ? [{ key: newKey(), wallet, displayName: "", role: lowestAuthorRole(heldRoleIds), contributionType: "author", shareBps: TOTAL_SHARE_BPS, attributionURI: "" }] : [],
});

type SavedEvidence = Pick<TCapsuleResponse["evidence"][number], "label" | "evidenceType" | "mimeType" | "contentHash" | "uri" | "isPrimary">;

/**
 * A saved evidence item as the form holds it. A file in this site's vault comes back as a file (its
 * address and hash locked, "Stored in this site's vault"), not as a link to edit or fetch: the bridge
 * keeps no file name, so the item's label stands in for it.
 */
export function evidenceDraftOf(e: SavedEvidence): EvidenceDraft {
  const inVault = vaultObjectIdOf(e.uri) !== undefined;
  return {
    key: newKey(),
    label: e.label,
    evidenceType: e.evidenceType,
    mimeType: e.mimeType,
    contentHash: e.contentHash,
    uri: e.uri,
    isPrimary: e.isPrimary,
    ...(inVault ? { fileName: e.label.trim() || "the file stored in the vault" } : {}),
  };
}

export function draftFromCapsule(read: TCapsuleResponse): DraftState {
  return {
    outletSlug: read.capsule.outletSlug,
    title: read.content.title || read.capsule.title,
    standfirst: read.content.subtitle ?? "",
    articleSlug: read.capsule.articleSlug,
    category: read.content.category ?? "",
    tags: read.content.tags.join(", "),
    sourceUrl: read.content.sourceUrl ?? "",
    body: read.content.body,
    rightsNotes: read.content.rightsNotes ?? "",
    featureImage: read.content.featureImage ? { contentHash: read.content.featureImage.contentHash, mimeType: read.content.featureImage.mimeType, url: read.content.featureImage.url, alt: read.content.featureImage.alt } : null,
    evidence: read.evidence
      .filter((e) => e.active)
      .map(evidenceDraftOf),
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

/** The untouched starting list (the author alone, no name, all shares): the bridge's own default is sent instead. */
export function isDefaultAuthorOnly(contributors: ContributorDraft[], wallet: string | undefined): boolean {
  const [only] = contributors;
  return (
    contributors.length === 1 &&
    only !== undefined &&
    only.wallet.toLowerCase() === wallet?.toLowerCase() &&
    only.displayName.trim() === "" &&
    only.shareBps === TOTAL_SHARE_BPS &&
    only.attributionURI.trim() === ""
  );
}

function contentOf(state: DraftState, wallet: string | undefined) {
  return {
    title: state.title,
    subtitle: orNull(state.standfirst),
    body: state.body,
    category: orNull(state.category),
    tags: tagsOf(state.tags),
    sourceUrl: orNull(state.sourceUrl),
    rightsNotes: orNull(state.rightsNotes),
    featureImage: state.featureImage ? { contentHash: state.featureImage.contentHash, alt: state.featureImage.alt } : null,
    evidence: state.evidence.map(({ label, evidenceType, mimeType, contentHash, uri, isPrimary }) => ({ label, evidenceType, mimeType, contentHash, uri, isPrimary })),
    ...(state.contributors.length > 0 && !isDefaultAuthorOnly(state.contributors, wallet)
      ? {
          contributors: state.contributors.map(({ wallet: address, displayName, role, contributionType, shareBps, attributionURI }) => ({
            wallet: address,
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

/** The bodies of POST /api/capsules/create and /update as the client sends them. */
export type CreateDraftInput = z.input<typeof ZCreateCapsuleBody>;
export type UpdateDraftInput = z.input<typeof ZUpdateCapsuleBody>;

export const createPayload = (state: DraftState, wallet: string): CreateDraftInput => ({ ...contentOf(state, wallet), outletSlug: state.outletSlug, authorWallet: wallet, status: "draft" as const });
export const updatePayload = (state: DraftState, capsuleId: string, wallet?: string): UpdateDraftInput => ({
  capsuleId,
  ...contentOf(state, wallet),
  ...(state.articleSlug ? { articleSlug: state.articleSlug } : {}),
});

/** Messages keyed by field path ("title", "evidence.0.label", "contributors"). */
export type DraftErrors = Record<string, string>;

// zod's built-in wording for an empty field reads like a type error; say it plainly.
function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_small" && Number(issue.minimum) === 1 && issue.origin === "string") return "This field is required.";
  if (issue.code === "invalid_type" && issue.input === undefined) return "This field is required.";
  if (issue.code === "too_big" && issue.origin === "string") return `At most ${String(issue.maximum)} characters.`;
  // the schemas name what is expected ("an http or https URL"); ask for it
  if (/^an? /.test(issue.message)) return `Enter ${issue.message}.`;
  return issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
}

function errorsOf(result: z.ZodSafeParseResult<unknown>): DraftErrors {
  const errors: DraftErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[issue.path.map(String).join(".") || "form"] ??= readable(issue);
  return errors;
}

/** What an empty contributor name is told: the byline shows it, and a capsule is submitted only with every name given. */
export const CONTRIBUTOR_NAME_REQUIRED = "Enter the name readers see in the byline: the capsule cannot be submitted without it.";

/**
 * Every problem of the draft as the route would see it (a full create or update body), and every
 * contributor without a name, the untouched author row included: the bridge would credit that row
 * under the author's wallet address, which is what the byline then shows.
 */
export function validateDraft(state: DraftState, capsuleId: string | undefined, wallet: string): { ok: boolean; errors: DraftErrors } {
  const errors = errorsOf(capsuleId ? ZUpdateCapsuleBody.safeParse(updatePayload(state, capsuleId, wallet)) : ZCreateCapsuleBody.safeParse(createPayload(state, wallet)));
  state.contributors.forEach((item, index) => {
    if (item.displayName.trim() === "") errors[`contributors.${index}.displayName`] = CONTRIBUTOR_NAME_REQUIRED;
  });
  return { ok: Object.keys(errors).length === 0, errors };
}

/** The top-level fields that have a problem ("contributors" for "contributors.1.wallet"). */
export const fieldsWithErrors = (errors: DraftErrors) => [...new Set(Object.keys(errors).map((path) => path.split(".")[0] ?? path))];

export type SavePlan =
  | { kind: "wait"; reason: string; errors: DraftErrors }
  | { kind: "save"; payload: CreateDraftInput | UpdateDraftInput; errors: DraftErrors; skipped: string[] };

// Leaving out optional fields keeps a body valid; a create whose required fields have a problem waits instead (below).
const without = <T extends object>(value: T, keys: string[]): T => Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key))) as T;

/**
 * What an autosave sends. Fields with a problem are left out (the bridge keeps their last saved value)
 * so the rest of the work is never lost; a new draft waits until it has a title and a body, without
 * marking those two empty fields as errors.
 */
export function planSave(state: DraftState, capsuleId: string | undefined, wallet: string): SavePlan {
  const { errors } = validateDraft(state, capsuleId, wallet);
  if (!capsuleId) {
    const untouched = (field: "title" | "body") => state[field].trim() === "";
    const shown = Object.fromEntries(Object.entries(errors).filter(([path]) => !((path === "title" || path === "body") && untouched(path))));
    // a blank page is not greeted with a name to fill in either: that comes once there is a draft
    const named = Object.fromEntries(Object.entries(shown).filter(([path]) => !/^contributors\.\d+\.displayName$/.test(path)));
    if (untouched("title") || untouched("body")) return { kind: "wait", reason: "A draft is saved once it has a title and a body.", errors: named };
    if (errors.title || errors.body || errors.outletSlug) return { kind: "wait", reason: "Fix the marked fields to save the draft.", errors };
  }
  // the untouched author row is never sent (the bridge credits the author under the wallet), so its
  // missing name holds back no typed work: the draft saves in full, and submission waits for the name
  const skipped = fieldsWithErrors(isDefaultAuthorOnly(state.contributors, wallet) ? without(errors, ["contributors.0.displayName"]) : errors);
  const payload = capsuleId ? without(updatePayload(state, capsuleId, wallet), skipped) : without(createPayload(state, wallet), skipped);
  return { kind: "save", payload, errors, skipped };
}

export const shareTotal = (contributors: ContributorDraft[]) => contributors.reduce((sum, c) => sum + (Number.isFinite(c.shareBps) ? c.shareBps : 0), 0);
