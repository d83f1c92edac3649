// The order of a case's timeline: oldest first, and within a second the chain's events before the bridge's entries
// that follow from them. One exception: the bridge's entries of the case's opening (its "Case opened", with the
// evidence named and the label change, all written at one time) go right after the chain's CaseOpened. The bridge
// writes them a few seconds after the block that opened the case, by when the chain has also begun the evidence
// period and scheduled the draw; by time alone the opening would read as told twice, around those.

export type TimelineLine = { kind: string; at: string };

const isChain = (line: TimelineLine) => line.kind.startsWith("jury:");

export function orderTimeline<T extends TimelineLine>(lines: readonly T[]): T[] {
  const sorted = [...lines].sort((a, b) => Number(a.at) - Number(b.at) || Number(isChain(b)) - Number(isChain(a)));
  const opened = sorted.find((line) => line.kind === "opened");
  if (!opened || !sorted.some((line) => line.kind === "jury:CaseOpened")) return sorted;
  const opening = sorted.filter((line) => !isChain(line) && line.at === opened.at);
  const rest = sorted.filter((line) => !opening.includes(line));
  const after = rest.findIndex((line) => line.kind === "jury:CaseOpened") + 1;
  return [...rest.slice(0, after), ...opening, ...rest.slice(after)];
}
