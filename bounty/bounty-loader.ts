import type { z } from "zod";
import type { Kysely } from "kysely";
import type { DB, Db } from "@/lib/db/database";
import type { BountyTables } from "@/lib/db/tables/bounty.table";
import {
  bountyEvaluationInputSchema,
  bountyExportSchema,
  bountyProposalInputSchema,
  type BountyEvaluationExport,
  type BountyProposalExport,
} from "@/features/bounty/bounty.schema";
import { evaluationToRow, proposalToRow } from "./bounty-rows";
import { countBountyRecords, replaceBountyRecords } from "./bounty.repository";
import sampleState from "./sample-state.json";

// Loads a bounty engine export { proposals: [...], evaluations: [...] } into the SQL tables, replacing
// what was there, in one transaction: a bad export changes nothing. The database must be migrated.

export class BountyExportError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : "";
    super(`Invalid bounty export (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n  ${shown.join("\n  ")}${more}`);
    this.name = "BountyExportError";
    this.problems = problems;
  }
}

export type BountyState = { proposals: BountyProposalExport[]; evaluations: BountyEvaluationExport[] };
export type LoadResult = { proposals: number; evaluations: number };

function label(list: string, index: number, value: unknown): string {
  const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" ? `${list}[${index}] (id "${id}")` : `${list}[${index}]`;
}

function parseList<T extends z.ZodType>(list: string, values: unknown[], schema: T, problems: string[]): z.infer<T>[] {
  const records: z.infer<T>[] = [];
  values.forEach((value, index) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) records.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        problems.push(`${label(list, index, value)}: ${issue.path.map(String).join(".") || "(record)"}: ${issue.message}`);
  });
  return records;
}

/** Validates an export; throws BountyExportError naming every bad record. */
export function parseBountyExport(data: unknown): BountyState {
  const shape = bountyExportSchema.safeParse(data);
  if (!shape.success) {
    throw new BountyExportError(shape.error.issues.map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`));
  }
  const problems: string[] = [];
  const proposals = parseList("proposals", shape.data.proposals, bountyProposalInputSchema, problems);
  const evaluations = parseList("evaluations", shape.data.evaluations, bountyEvaluationInputSchema, problems);

  const proposalIds = new Set<string>();
  proposals.forEach((p) => {
    if (proposalIds.has(p.id)) problems.push(`proposals: id "${p.id}" appears more than once`);
    proposalIds.add(p.id);
  });
  const evaluationIds = new Set<string>();
  evaluations.forEach((e) => {
    if (evaluationIds.has(e.id)) problems.push(`evaluations: id "${e.id}" appears more than once`);
    evaluationIds.add(e.id);
    if (!proposalIds.has(e.proposalId)) problems.push(`evaluations (id "${e.id}"): proposalId "${e.proposalId}" names no proposal in the export`);
  });
  if (problems.length > 0) throw new BountyExportError(problems);
  return { proposals, evaluations };
}

const CHUNK = 200;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Replaces the bounty tables with the export's records, in one transaction. `sample` marks them as
 * the bundled demonstration records (served with `sample: true`).
 */
export async function loadBountyState(db: Db, exportData: unknown, options: { sample?: boolean } = {}): Promise<LoadResult> {
  const state = parseBountyExport(exportData);
  const sample = options.sample ?? false;
  await db.transaction().execute((trx) =>
    replaceBountyRecords(
      bountyTablesOf(trx),
      chunks(state.proposals).map((part) => part.map((p) => proposalToRow(p, sample))),
      chunks(state.evaluations).map((part) => part.map((e) => evaluationToRow(e, sample))),
    ),
  );
  return { proposals: state.proposals.length, evaluations: state.evaluations.length };
}

/** The bridge's database seen as the bounty tables it holds (its schema includes them). */
const bountyTablesOf = (db: Kysely<DB>) => db as unknown as Kysely<BountyTables>;

/** The bundled sample (bounty/sample-state.json). */
export const sampleBountyExport: unknown = sampleState;

/** Loads the bundled sample (marked sample) only when both bounty tables are empty; never overwrites
 *  real state. Returns true when it loaded the sample. Whether to call it at all: sampleDataWanted(). */
export async function ensureSampleBountyState(db: Db): Promise<boolean> {
  const counted = await countBountyRecords(bountyTablesOf(db));
  if (counted.proposals > 0 || counted.evaluations > 0) return false;
  await loadBountyState(db, sampleState, { sample: true });
  return true;
}
