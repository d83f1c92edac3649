import { quotedInner } from "./quotation";

/**
 * “…” around stored text (a claim's quote, a challenged passage), the text in an isolate of its own: a right-to-left
 * passage, or a bidirectional control left open in it (a quote cut out of a line can leave one), orders that text
 * alone, never the closing mark or the page's words after it.
 */
export function QuotedText({ text }: { text: string }) {
  return (
    <>
      “<bdi>{quotedInner(text)}</bdi>”
    </>
  );
}
