// The eight integrity labels (seed: Integrity labels) with what a reader is told: a word, a colour
// (never the only signal) and one sentence. Tailwind classes are written out so the build keeps them.

export const integrityLabelKeys = ["clean", "verified", "contested", "unresolved", "misleading", "fraudulent", "corrected", "retracted_by_author"] as const;
export type IntegrityLabel = (typeof integrityLabelKeys)[number];

export type IntegrityLabelInfo = {
  key: IntegrityLabel;
  title: string;
  explanation: string;
  /** badge colours: background, text, border */
  className: string;
  /** a short symbol shown before the word, for readers who do not see the colour */
  symbol: string;
};

export const integrityLabels: Record<IntegrityLabel, IntegrityLabelInfo> = {
  clean: {
    key: "clean",
    title: "Clean",
    explanation: "No dispute has been raised against this article.",
    className: "bg-emerald-50 text-emerald-900 border-emerald-300",
    symbol: "✓",
  },
  verified: {
    key: "verified",
    title: "Verified",
    explanation: "The integrity court examined a challenge and confirmed the article is accurate.",
    className: "bg-green-100 text-green-900 border-green-400",
    symbol: "✔",
  },
  contested: {
    key: "contested",
    title: "Contested",
    explanation: "A dispute about this article is open; the court has not ruled yet.",
    className: "bg-amber-50 text-amber-900 border-amber-400",
    symbol: "!",
  },
  unresolved: {
    key: "unresolved",
    title: "Unresolved",
    explanation: "The court heard a challenge but reached no clear verdict.",
    className: "bg-stone-100 text-stone-800 border-stone-400",
    symbol: "?",
  },
  misleading: {
    key: "misleading",
    title: "Misleading",
    explanation: "The court found a material inaccuracy in this article.",
    className: "bg-orange-100 text-orange-900 border-orange-500",
    symbol: "⚠",
  },
  fraudulent: {
    key: "fraudulent",
    title: "Fraudulent",
    explanation: "The court found that this article deliberately deceives its readers.",
    className: "bg-red-100 text-red-900 border-red-500",
    symbol: "✖",
  },
  corrected: {
    key: "corrected",
    title: "Corrected",
    explanation: "The author published a correction that the editors accepted; the revision history shows what changed.",
    className: "bg-sky-50 text-sky-900 border-sky-400",
    symbol: "↻",
  },
  retracted_by_author: {
    key: "retracted_by_author",
    title: "Retracted by the author",
    explanation: "The author withdrew this article; it should no longer be relied on.",
    className: "bg-zinc-200 text-zinc-900 border-zinc-500",
    symbol: "⊘",
  },
};

export function isIntegrityLabel(value: string): value is IntegrityLabel {
  return (integrityLabelKeys as readonly string[]).includes(value);
}

/** Label metadata for a bridge value; unknown or empty values read as clean. */
export function integrityLabelInfo(value: string | null | undefined): IntegrityLabelInfo {
  return value && isIntegrityLabel(value) ? integrityLabels[value] : integrityLabels.clean;
}
