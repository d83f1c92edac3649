// Bond stability (docs/DECISIONS.md, "Bond stability measures the bond Editors keep"), pure. Each current
// Editor stands behind the outlet's articles with the bond it holds: it counts 0 below the bond the Editor
// role requires, else the share it still holds of the largest bond it held in the window (a withdrawal or
// slash weighs by how much of the bond left). The factor is the average over the Editors, 0 with none.

export type BondEvent = { kind: string; amount: bigint; total: bigint | null; at: number };
/** What an Editor holds now and the most it held in the window (its bond at the window's start included). */
export type EditorBond = { held: bigint; peak: bigint };

/** The bond after one event: a deposit or withdrawal states the new total; a slash or seizure takes its amount. */
function apply(bond: bigint, event: BondEvent): bigint {
  if (event.kind === "bond.deposited") return event.total ?? bond + event.amount;
  if (event.kind === "bond.withdrawn") return event.total ?? (bond > event.amount ? bond - event.amount : 0n);
  if (event.kind === "bond.slashed" || event.kind === "bond.seized") return bond > event.amount ? bond - event.amount : 0n;
  return bond;
}

/** One wallet's bond now and its peak since `since`, from its bond events in chain order. */
export function editorBondOf(events: BondEvent[], since: number, now: number): EditorBond {
  let bond = 0n;
  let peak = 0n;
  for (const event of events) {
    if (event.at > now) break;
    bond = apply(bond, event);
    if (event.at < since) peak = bond;
    else if (bond > peak) peak = bond;
  }
  return { held: bond, peak };
}

/** One Editor's standing in basis points: 0 below `required`, else the share of its peak still held. */
export function bondStandingBps(bond: EditorBond, required: bigint): number {
  if (bond.held === 0n || bond.held < required) return 0;
  if (bond.peak <= bond.held) return 10_000;
  return Number((bond.held * 10_000n) / bond.peak);
}

/** The factor: 100 × the average standing of the Editors, two decimals; 0 when there is no Editor. */
export function bondStability(editors: EditorBond[], required: bigint): number {
  if (editors.length === 0) return 0;
  const sum = editors.reduce((total, bond) => total + bondStandingBps(bond, required), 0);
  return Math.round(sum / editors.length) / 100;
}
