import type { TCourtCaseSummary } from "@/features/court/court.schema";

/** The fields of a case (or a list's summary of it) a juror's duty depends on. */
type JuryState = Pick<TCourtCaseSummary, "round" | "period" | "periodEndsAt" | "jurors">;

// What a juror must do next in one jury case (issue 28 item 7): pure, from the case as the bridge answers it.

export type JurorDuty =
  | { kind: "commit"; by: string }
  | { kind: "reveal"; by: string }
  | { kind: "wait-reveal"; from: string }
  | { kind: "missed"; what: "commit" | "reveal" }
  | { kind: "wait-commit"; from: string }
  | { kind: "done" };

/** The duty of `wallet` in the case's current round; earlier rounds it sat in are done (or missed: then slashed). */
export function jurorDuty(item: JuryState, wallet: string): JurorDuty {
  const round = item.round ?? 0;
  const me = item.jurors.find((j) => j.round === round && j.juror.toLowerCase() === wallet.toLowerCase());
  if (!me) return { kind: "done" };
  const ends = item.periodEndsAt ?? "";
  switch (item.period) {
    case "evidence":
      return { kind: "wait-commit", from: ends };
    case "commit":
      return me.committed ? { kind: "wait-reveal", from: ends } : { kind: "commit", by: ends };
    case "reveal":
      if (me.revealed) return { kind: "done" };
      return me.committed ? { kind: "reveal", by: ends } : { kind: "missed", what: "commit" };
    default:
      return me.revealed ? { kind: "done" } : { kind: "missed", what: me.committed ? "reveal" : "commit" };
  }
}

/** Cases with something to do first, soonest deadline first; then the rest in their given order. */
export function byUrgency<T extends JuryState>(items: readonly T[], wallet: string): T[] {
  const rank = (item: T) => {
    const duty = jurorDuty(item, wallet);
    return duty.kind === "commit" || duty.kind === "reveal" ? Number(duty.by) : Number.MAX_SAFE_INTEGER;
  };
  return items.map((item, index) => ({ item, index, rank: rank(item) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map((x) => x.item);
}
