import { z } from "zod";
import type { DraftState } from "@/features/capsules/draft-form";
import { wordDiff, wordDiffStats, type WordChange } from "@/lib/diff/word-diff";
import { fieldList } from "./draft-field-names";

// A save refused because the draft was saved elsewhere since the revision this editor holds (409 DRAFT_CHANGED, POST
// /api/capsules/update `ifRevision`), and what differs between the form and the version saved there: the writer
// chooses which to keep from that, and nothing on screen is dropped before they do.

/** The fields a 409 DRAFT_CHANGED adds to the error body: the revision the bridge holds, and when it was saved (unix seconds). */
const ZDraftChangedDetails = z.object({ draftRevision: z.number().int().nonnegative(), savedAt: z.string().regex(/^\d{1,15}$/).optional() });

export type DraftChanged = { revision: number; savedAt?: Date };

/** The refusal's revision and time when `error` is a 409 DRAFT_CHANGED; undefined for any other answer. */
export function draftChangedOf(error: { code: string; status: number; details: Record<string, unknown> }): DraftChanged | undefined {
  if (error.status !== 409 || error.code !== "DRAFT_CHANGED") return undefined;
  const parsed = ZDraftChangedDetails.safeParse(error.details);
  if (!parsed.success) return undefined;
  const seconds = parsed.data.savedAt === undefined ? 0 : Number(parsed.data.savedAt);
  return { revision: parsed.data.draftRevision, ...(seconds > 0 ? { savedAt: new Date(seconds * 1000) } : {}) };
}

/**
 * One field that differs. A text field also says how, word by word from this form's text to the saved one: `added`
 * words are only in the version saved there, `removed` ones only in this form. Lists and the image are only named.
 */
export type DraftDifference = { field: string; name: string; words?: { changes: WordChange[]; added: number; removed: number } };

// the form's fields in the order it shows them, by the payload's name (the one draft-field-names.ts words)
const compared: Array<[keyof DraftState, string]> = [
  ["title", "title"],
  ["standfirst", "subtitle"],
  ["articleSlug", "articleSlug"],
  ["category", "category"],
  ["tags", "tags"],
  ["sourceUrl", "sourceUrl"],
  ["featureImage", "featureImage"],
  ["body", "body"],
  ["rightsNotes", "rightsNotes"],
  ["evidence", "evidence"],
  ["contributors", "contributors"],
];

// what a list row holds only in this browser (its key, a file's name, where its hash or copy came from): never saved
const localOnly = new Set(["key", "fileName", "hashedFrom", "fetchedFrom"]);

/** A field's value as saved: list rows without what only this browser holds, text trimmed as sent. */
function comparable(state: DraftState, field: keyof DraftState): string {
  const value = state[field];
  if (typeof value === "string") return field === "tags" ? value.split(",").map((tag) => tag.trim()).filter(Boolean).join(",") : value.trim();
  if (Array.isArray(value)) return JSON.stringify(value.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !localOnly.has(key)))));
  return JSON.stringify(value ?? null);
}

/** The fields where this form (`mine`) and the version saved elsewhere (`saved`) differ, in the form's order. */
export function draftDifferences(mine: DraftState, saved: DraftState): DraftDifference[] {
  const out: DraftDifference[] = [];
  for (const [field, payloadName] of compared) {
    if (comparable(mine, field) === comparable(saved, field)) continue;
    const name = fieldList([payloadName]);
    const [here, there] = [mine[field], saved[field]];
    if (typeof here !== "string" || typeof there !== "string") {
      out.push({ field, name });
      continue;
    }
    const changes = wordDiff(here, there);
    out.push({ field, name, words: { changes, ...wordDiffStats(changes) } });
  }
  return out;
}
