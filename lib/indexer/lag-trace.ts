import fs from "node:fs";
import type { KyselyPlugin, RootOperationNode } from "kysely";

// Bench-only timing of a followed head (bench/vote-lag.ts): with CAPSULE_INDEXER_TRACE_FILE set, each
// head read on the fast path appends one JSON line — its block and wall-clock marks (ms since the
// epoch, sub-millisecond) from the newHeads message to the commit. Off (no cost but a check) otherwise.
const file = process.env.CAPSULE_INDEXER_TRACE_FILE;
type Trace = { block?: number; marks: Array<[string, number]> };
let current: Trace | undefined;

const now = () => performance.timeOrigin + performance.now();

export const tracing = file !== undefined && file !== "";

/** A newHeads message arrived: a new trace begins (a pending one is dropped). */
export function traceHeadMessage(): void {
  if (tracing) current = { marks: [["message", now()]] };
}

export function traceMark(label: string, block?: number): void {
  if (!current) return;
  if (block !== undefined) current.block = block;
  current.marks.push([label, now()]);
}

export function traceEnd(label: string): void {
  if (!current || !file) return;
  current.marks.push([label, now()]);
  fs.appendFileSync(file, `${JSON.stringify(current)}\n`);
  current = undefined;
}

/** Marks each statement of the indexer's transaction (its first words) as its answer arrives. */
const labels = new WeakMap<object, string>();
function labelOf(node: RootOperationNode): string {
  const n = node as unknown as { into?: { table?: { identifier?: { name?: string } } }; table?: { table?: { identifier?: { name?: string } } }; from?: { froms?: Array<{ table?: { identifier?: { name?: string } } }> } };
  const table = n.into?.table?.identifier?.name ?? n.table?.table?.identifier?.name ?? n.from?.froms?.[0]?.table?.identifier?.name ?? "";
  return `${node.kind.replace(/QueryNode$|Node$/, "").toLowerCase()} ${table}`.trim();
}
export const traceStatements: KyselyPlugin = {
  transformQuery: (args) => {
    labels.set(args.queryId, labelOf(args.node));
    return args.node;
  },
  transformResult: async (args) => {
    traceMark(labels.get(args.queryId) ?? "sql");
    return args.result;
  },
};
