import type { ElementContent, Root as HastRoot, RootContent as HastContent, Text } from "hast";
import { walk } from "./tree-walk";

// Claims in the rendered article (issue 27 item 4): each claim's quote is wrapped in <mark> and followed
// by a footnote-style link ("[1]") to its entry in the claims list, which links back. Runs after the
// sanitizer on the server's tree; the quote is located by source offsets (TextQuoteSelector matched in
// the body), so a text node is used only where its text is the source verbatim (no escapes or entities).
// A quote that crosses formatting (bold, a link) keeps its marker, after the text node where it ends.

export type ClaimSpan = { ordinal: number; start: number; end: number };

export const claimMarkId = (ordinal: number) => `claim-${ordinal}`;
export const claimNoteId = (ordinal: number) => `claim-note-${ordinal}`;

function marker(ordinal: number): ElementContent {
  return {
    type: "element",
    tagName: "sup",
    properties: { className: ["claim-ref", "pl-0.5", "font-sans", "text-xs", "font-semibold"] },
    children: [
      {
        type: "element",
        tagName: "a",
        properties: { href: `#${claimNoteId(ordinal)}`, id: claimMarkId(ordinal), className: ["text-accent", "underline", "scroll-mt-24"], ariaLabel: `Claim ${ordinal}: its evidence and findings`, dataClaimMarker: String(ordinal) },
        children: [{ type: "text", value: `[${ordinal}]` }],
      },
    ],
  };
}

const text = (value: string): Text => ({ type: "text", value });

/** Offsets of a text node in the source, when its value is exactly that slice of the source. */
function verbatim(node: Text, source: string): { start: number; end: number } | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || source.slice(start, end) !== node.value) return undefined;
  return { start, end };
}

export function markClaims(source: string, spans: ClaimSpan[]) {
  return () => (tree: HastRoot) => {
    const pending = [...spans].sort((a, b) => a.start - b.start);
    const placed = new Set<number>();
    // the last source text each quote overlaps: where a quote ending inside markup gets its marker
    const lastText = new Map<number, Text>();
    walk<HastContent>(tree, (node) => {
      if (node.type !== "text") return undefined;
      const at = verbatim(node, source);
      if (!at) return undefined;
      for (const s of pending) if (s.start < at.end && s.end > at.start) lastText.set(s.ordinal, node);
      const inside = pending.filter((s) => !placed.has(s.ordinal) && s.end > at.start && s.end <= at.end);
      if (inside.length === 0) return undefined;
      const out: ElementContent[] = [];
      let cursor = at.start;
      for (const span of inside) {
        placed.add(span.ordinal);
        if (span.start >= cursor) {
          if (span.start > cursor) out.push(text(source.slice(cursor, span.start)));
          out.push({ type: "element", tagName: "mark", properties: { className: ["claim-quote", "rounded-sm", "bg-amber-100", "px-0.5", "text-inherit"], dataClaim: String(span.ordinal) }, children: [text(source.slice(span.start, span.end))] });
        } else out.push(text(source.slice(cursor, span.end))); // began in an earlier node, or overlaps the previous claim
        out.push(marker(span.ordinal));
        cursor = span.end;
      }
      if (cursor < at.end) out.push(text(source.slice(cursor, at.end)));
      return out as HastContent[];
    });
    const late = pending.filter((s) => !placed.has(s.ordinal) && lastText.has(s.ordinal));
    if (late.length === 0) return;
    walk<HastContent>(tree, (node) => {
      const here = late.filter((s) => lastText.get(s.ordinal) === node);
      return here.length === 0 ? undefined : ([node, ...here.map((s) => marker(s.ordinal))] as HastContent[]);
    });
  };
}
