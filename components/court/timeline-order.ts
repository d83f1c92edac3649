// The order of a case's timeline: oldest first. A case opens in one transaction, so the chain's CaseOpened, its
// first PeriodChanged (the evidence period) and the bridge's own "Case opened" share a second; in that second the
// chain's opening comes first, then the bridge's (what the case challenges), then the rest. Otherwise, within a second,
// the chain's events come before the bridge's entries that follow from them.

export type TimelineLine = { kind: string; at: string };

const rankInSecond = (kind: string): number => (kind === "jury:CaseOpened" ? 0 : kind === "opened" ? 1 : kind.startsWith("jury:") ? 2 : 3);

export function orderTimeline<T extends TimelineLine>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => Number(a.at) - Number(b.at) || rankInSecond(a.kind) - rankInSecond(b.kind));
}
