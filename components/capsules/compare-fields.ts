import { wordDiff, wordDiffStats, type WordChange } from "@/lib/diff/word-diff";
import { claimTypeName } from "@/components/ui/claim-type-labels";

// "Compare versions" on the desk beyond the body: the other words a correction can change — the title, the
// standfirst, the summary and the claims — each compared word by word with the `diff` package (lib/diff/word-diff.ts,
// the readers' word diff). The body keeps its own line diff (./diff-view).

export type ComparableClaim = { ordinal: number; exact: string; claimType: string; note: string | null };
export type ComparableVersion = { title: string; subtitle: string; summary: string; claims: ComparableClaim[] };

export type FieldComparison = {
  field: "title" | "subtitle" | "summary" | "claims";
  label: string;
  changes: WordChange[];
  added: number;
  removed: number;
  changed: boolean;
};

/** The claims as text, one line each in article order: "Claim 2 (Statistic): “…” — note". */
export function claimsText(claims: ComparableClaim[]): string {
  return [...claims]
    .sort((a, b) => a.ordinal - b.ordinal)
    .map((c) => `Claim ${c.ordinal} (${claimTypeName(c.claimType)}): “${c.exact}”${c.note ? ` — ${c.note}` : ""}`)
    .join("\n");
}

const fields: { field: FieldComparison["field"]; label: string; text: (v: ComparableVersion) => string }[] = [
  { field: "title", label: "Title", text: (v) => v.title },
  { field: "subtitle", label: "Standfirst", text: (v) => v.subtitle },
  { field: "summary", label: "Summary", text: (v) => v.summary },
  { field: "claims", label: "Claims", text: (v) => claimsText(v.claims) },
];

/**
 * Each field either version has, compared from `older` to `newer`; a field empty in both (no standfirst, no claims)
 * is left out. The title is always there.
 */
export function compareFields(older: ComparableVersion, newer: ComparableVersion): FieldComparison[] {
  return fields.flatMap(({ field, label, text }) => {
    const before = text(older).trim();
    const after = text(newer).trim();
    if (field !== "title" && before === "" && after === "") return [];
    const changes = wordDiff(before, after);
    return [{ field, label, changes, ...wordDiffStats(changes), changed: before !== after }];
  });
}
