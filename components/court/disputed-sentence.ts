import { stopAfter } from "@/components/ui/quotation";

/** "Disputed: Claim 1, “…”." — no second full stop when the last quoted passage already ends its sentence. */
export function disputedSentence(claimNames: readonly string[]): string {
  const text = claimNames.join(", ");
  return `Disputed: ${text}${stopAfter(text)}`;
}
