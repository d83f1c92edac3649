import { quoteOffset, selectorAt, type TextQuote } from "@/features/capsules/claim-anchor";
import type { claimTypes, TClaimObject } from "@/features/capsules/claims.schema";

// The editor's claim marking (issue 27): a selection of the body becomes a TextQuoteSelector, and
// the list sent to POST /api/capsules/:id/claims is built from the latest read, in article order.

export type ClaimType = (typeof claimTypes)[number];
type EvidenceRef = { evidenceId: string; uri: string; contentHash: string };
type ReadLike = { content: { body: string }; evidence: EvidenceRef[]; claims: TClaimObject[] };

/** Evidence is picked by what it is (uri and hash), not by id: a save of the draft gives its items new ids. */
export const evidenceKey = (e: { uri: string; contentHash: string }) => `${e.uri}\u0000${e.contentHash}`;

export type NewClaim = { quote: TextQuote; claimType: ClaimType; evidenceKeys: string[]; note: string };

/** A claim being marked: its kind is chosen by the author ("" until then), never assumed. */
export type ClaimDraft = Omit<NewClaim, "claimType"> & { claimType: ClaimType | "" };

export const CHOOSE_KIND = "Choose the kind of claim: a statistic, a quote, an event…";

/** The claim to save, or why it cannot be saved yet. */
export function claimToSave(draft: ClaimDraft): { ok: true; claim: NewClaim } | { ok: false; message: string } {
  const { claimType } = draft;
  if (claimType === "") return { ok: false, message: CHOOSE_KIND };
  return { ok: true, claim: { ...draft, claimType } };
}

/** The selection without the spaces and line breaks at its ends; undefined when nothing but spaces is selected. */
export function claimSelection(body: string, start: number, end: number): TextQuote | undefined {
  let from = Math.min(start, end);
  let to = Math.max(start, end);
  while (from < to && /\s/.test(body[from]!)) from++;
  while (to > from && /\s/.test(body[to - 1]!)) to--;
  if (from === to) return undefined;
  return selectorAt(body, from, to);
}

const input = (claim: TClaimObject) => ({
  exact: claim.exact,
  prefix: claim.prefix,
  suffix: claim.suffix,
  claimType: claim.claimType,
  evidenceIds: claim.evidenceIds,
  note: claim.note,
});

/**
 * The whole list to save: the read's claims (less `removeId`), plus `added` with its evidence named
 * by the read's current ids; ordered by where each quote stands in the body (quotes no longer found last).
 */
export function claimsToSave(read: ReadLike, change: { added?: NewClaim; removeId?: string }) {
  const idByKey = new Map(read.evidence.map((e) => [evidenceKey(e), e.evidenceId]));
  const list = read.claims.filter((c) => c.claimId !== change.removeId).map(input);
  if (change.added) {
    const { quote, claimType, evidenceKeys, note } = change.added;
    const evidenceIds = evidenceKeys.flatMap((key) => {
      const id = idByKey.get(key);
      return id === undefined ? [] : [id];
    });
    list.push({ ...quote, claimType, evidenceIds, note: note.trim() === "" ? null : note.trim() });
  }
  const at = (quote: TextQuote) => {
    const offset = quoteOffset(read.content.body, quote);
    return offset < 0 ? Number.MAX_SAFE_INTEGER : offset;
  };
  return list.map((claim, index) => ({ claim, index })).sort((a, b) => at(a.claim) - at(b.claim) || a.index - b.index).map(({ claim }) => claim);
}
