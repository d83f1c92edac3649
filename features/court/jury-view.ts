import type { DbOrTrx } from "@/lib/db/database";
import type { CourtCaseRow } from "@/lib/db/tables/court.table";
import type { JuryCaseLogRow, JuryCaseRow, JuryJurorRow } from "@/lib/db/tables/jury.table";
import { caseLog, evidenceFilesOf, findJuryCase, jurorsOfCase } from "@/features/court/jury.repository";
import { vaultObjectIdOf } from "@/lib/api/vault-path";
import { claimIdOfKey, findingName, SIDE_NAMES, unknownClaimIds } from "@/lib/chain/jury-claims";
import { listClaims } from "@/features/capsules/capsule-claims.repository";
import type { TJuryFields } from "@/features/court/jury.schema";

// The jury court's fields of a case object, all from the JuryCourt projection (issue 28).

const sideName = (side: unknown) => SIDE_NAMES[Number(side) as keyof typeof SIDE_NAMES] ?? null;
const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

export const FIRST_ROUND_JURORS = 3;
export const MAX_ROUNDS = 3;
/** JuryCourt.jurorsInRound: 3, then 2n + 1. */
export const jurorsInRound = (round: number) => {
  let n = FIRST_ROUND_JURORS;
  for (let i = 0; i < round; i++) n = 2 * n + 1;
  return n;
};

/** JuryCourt.appealCost for both sides, from the case's fee (3 × the fee per juror) and the ruling's winner. */
export function appealCosts(c: JuryCaseRow): { challenger: bigint; outlet: bigint } | null {
  if (c.period !== "appeal" || c.winner === null) return null;
  if (c.round + 1 >= MAX_ROUNDS || jurorsInRound(c.round + 1) > c.pool_size) return { challenger: 0n, outlet: 0n };
  const next = BigInt(jurorsInRound(c.round + 1)) * (BigInt(c.fee) / BigInt(FIRST_ROUND_JURORS));
  return { challenger: c.winner === 1 ? next : 2n * next, outlet: c.winner === 2 ? next : 2n * next };
}

/**
 * JuryCourt.appealFundingEndsAt for both sides (chain time, seconds): the losing side may fund only in the first
 * half of the appeal period, the winning side until its end, so a loser's funding can always be answered.
 */
export function appealFundingEnds(c: Pick<JuryCaseRow, "period" | "winner" | "period_starts_at" | "period_ends_at">): { challenger: number; outlet: number } | null {
  if (c.period !== "appeal" || c.winner === null || c.period_ends_at === null) return null;
  const half = c.period_starts_at + Math.floor((c.period_ends_at - c.period_starts_at) / 2);
  return { challenger: c.winner === 1 ? c.period_ends_at : half, outlet: c.winner === 2 ? c.period_ends_at : half };
}

/** The round an appeal would open: its jurors and its arbitration cost (wei, "0" when it cannot be seated). */
export function nextRound(c: JuryCaseRow, costs: { challenger: bigint }): { nextRoundJurors: number; nextRoundCost: string } {
  const nextRoundJurors = jurorsInRound(c.round + 1);
  return { nextRoundJurors, nextRoundCost: costs.challenger === 0n ? "0" : (BigInt(nextRoundJurors) * (BigInt(c.fee) / BigInt(FIRST_ROUND_JURORS))).toString() };
}

/** The claims a ruling is about: the claim ids its keys name (exact decimal strings), or one null entry for the article as a whole. */
export const claimIdsOf = (c: Pick<JuryCaseRow, "claim_ids_json">): Array<string | null> => {
  const keys = JSON.parse(c.claim_ids_json) as string[];
  return keys.length === 0 ? [null] : keys.map(claimIdOfKey);
};

type EvidenceFiles = Map<string, { filename: string; mimeType: string }>;

/** The vault files a case's evidence names (their object ids), read once per case. */
export const evidenceFileIds = (log: JuryCaseLogRow[]): string[] =>
  log.flatMap((e) => {
    if (e.kind !== "EvidenceSubmitted") return [];
    const id = vaultObjectIdOf(String((JSON.parse(e.details_json) as { uri?: unknown }).uri ?? ""));
    return id ? [id] : [];
  });

/** The claim ids a jury case's on-chain grounds name that are not claims of its capsule (none: every key is one of them, or the article as a whole). */
export async function unknownClaimsOf(db: DbOrTrx, jury: Pick<JuryCaseRow, "capsule_id" | "claim_ids_json">): Promise<string[]> {
  const keys = JSON.parse(jury.claim_ids_json) as string[];
  if (keys.length === 0) return [];
  return unknownClaimIds(keys, (await listClaims(db, jury.capsule_id)).map((claim) => claim.id));
}

/** Whether no juror of the case's last round revealed (the chain then rules every claim unresolved and returns that round's fee). */
export const noJurorRevealed = (c: Pick<JuryCaseRow, "round">, jurors: readonly Pick<JuryJurorRow, "round" | "revealed_at">[]) => {
  const last = jurors.filter((j) => j.round === c.round);
  return last.length > 0 && last.every((j) => j.revealed_at === null);
};

/** What a case's fields show besides its rows: the vault files its evidence names, and the claim ids its grounds name that its capsule lacks. */
export type JuryFieldsExtra = { files?: EvidenceFiles; unknownClaimIds?: string[] };

export function juryFields(c: JuryCaseRow, jurors: JuryJurorRow[], log: JuryCaseLogRow[], extra: JuryFieldsExtra = {}): TJuryFields {
  const files: EvidenceFiles = extra.files ?? new Map();
  const claimIds = claimIdsOf(c);
  const ruling = parse<number[]>(c.findings_json);
  const costs = appealCosts(c);
  const fundingEnds = appealFundingEnds(c);
  const paid = { challenger: 0n, outlet: 0n };
  for (const entry of log) {
    const d = JSON.parse(entry.details_json) as Record<string, unknown>;
    const side = sideName(d.side);
    if (entry.kind === "AppealFunded" && entry.round === c.round && side) paid[side] = BigInt(String(d.paid));
  }
  return {
    court: "jury",
    juryCaseId: String(c.case_id),
    claimIds: claimIds.filter((id): id is string => id !== null),
    unknownClaimIds: extra.unknownClaimIds ?? [],
    period: c.period,
    periodEndsAt: c.period_ends_at === null ? null : String(c.period_ends_at),
    round: c.round,
    jurors: jurors.map((j) => ({
      juror: j.juror,
      round: j.round,
      committed: j.committed_at !== null,
      revealed: j.revealed_at !== null,
      findings: parse<number[]>(j.findings_json)?.map(findingName) ?? null,
      reasons: parse<string[]>(j.reasons_json),
      reward: j.reward,
      slashed: j.slashed,
    })),
    findings: ruling ? ruling.map((finding, k) => ({ claimId: claimIds[k] ?? null, finding: findingName(finding) })) : [],
    articleFinding: c.article_finding === null ? null : findingName(c.article_finding),
    winner: c.winner === null ? null : (sideName(c.winner) ?? null),
    evidenceCount: log.filter((e) => e.kind === "EvidenceSubmitted").length,
    evidence: log
      .filter((e) => e.kind === "EvidenceSubmitted")
      .map((e) => {
        const d = JSON.parse(e.details_json) as { party: string; side: number; uri: string };
        const objectId = vaultObjectIdOf(d.uri);
        const file = objectId ? files.get(objectId) : undefined;
        return {
          party: d.party,
          side: sideName(d.side) ?? "challenger",
          uri: d.uri,
          kind: objectId ? ("file" as const) : ("link" as const),
          title: file?.filename ?? null,
          mimeType: file?.mimeType ?? null,
          fingerprint: objectId ?? null,
          round: e.round,
          txHash: e.tx_hash,
          at: String(e.block_time),
        };
      }),
    appeal: costs
      ? {
          challenger: { required: costs.challenger.toString(), paid: paid.challenger.toString(), fundingEndsAt: String(fundingEnds?.challenger ?? 0) },
          outlet: { required: costs.outlet.toString(), paid: paid.outlet.toString(), fundingEndsAt: String(fundingEnds?.outlet ?? 0) },
          ...nextRound(c, costs),
        }
      : null,
    juryTimeline: log.map((e) => ({
      kind: e.kind,
      round: e.round,
      actor: e.actor,
      details: JSON.parse(e.details_json) as Record<string, unknown>,
      txHash: e.tx_hash,
      blockNumber: String(e.block_number),
      at: String(e.block_time),
    })),
  };
}

/** A clerk case (or one whose jury case is not indexed yet): no jury fields. */
export const clerkFields = (row: CourtCaseRow): TJuryFields => ({
  court: row.jury_case_id === null ? "clerk" : "jury",
  juryCaseId: row.jury_case_id === null ? null : String(row.jury_case_id),
  claimIds: (parse<number[]>(row.claim_ids_json) ?? []).map(String),
  unknownClaimIds: [],
  period: null,
  periodEndsAt: null,
  round: null,
  jurors: [],
  findings: [],
  articleFinding: null,
  winner: null,
  evidenceCount: 0,
  evidence: [],
  appeal: null,
  juryTimeline: [],
});

/** The jury fields of each row (keyed by court case id). */
export async function juryFieldsOf(db: DbOrTrx, rows: CourtCaseRow[]): Promise<Map<number, TJuryFields>> {
  const out = new Map<number, TJuryFields>();
  for (const row of rows) {
    const jury = row.jury_case_id === null ? undefined : await findJuryCase(db, row.jury_case_id);
    if (!jury) {
      out.set(row.id, clerkFields(row));
      continue;
    }
    const [jurors, log, unknown] = await Promise.all([jurorsOfCase(db, jury.case_id), caseLog(db, jury.case_id), unknownClaimsOf(db, jury)]);
    out.set(row.id, juryFields(jury, jurors, log, { files: await evidenceFilesOf(db, evidenceFileIds(log)), unknownClaimIds: unknown }));
  }
  return out;
}
