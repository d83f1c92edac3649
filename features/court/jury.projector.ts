import type { Trx } from "@/lib/db/database";
import type { JuryPeriod } from "@/lib/db/tables/jury.table";
import { findCapsule } from "@/features/capsules/capsules.repository";
import { deleteChainActivity, insertActivity, type ActivityEntry } from "@/features/wallet/activity.repository";
import {
  clearJuryProjection,
  findJuryCase,
  insertCaseLog,
  insertJuryCase,
  insertJurors,
  jurorsOfCase,
  updateJuror,
  updateJuryCase,
} from "@/features/court/jury.repository";
import { PERIOD_NAMES } from "@/lib/chain/jury-claims";
import { eventKind, type IndexedEvent, type ProjectionReset, type Projector } from "@/lib/indexer/projector";
import { casePartiesAt } from "./case-parties";
import { reopenUnbackedSettlements } from "./jury-unsettle";

// JuryCourt events → jury_cases, jury_jurors, jury_case_log, and the inbox entries they cause
// (summons of drawn jurors, period changes for both sides and the jurors). Every value comes from
// the event, or from what held at its block time (the outlet's Editors, from the never-deleted role
// rows); the whole projection is cleared and replayed by a rebuild or a rewind.


/** Inbox kinds this projector writes (and a reset removes). */
export const juryInboxKinds = { summoned: "inbox.jury_summoned", period: "inbox.jury_period" } as const;

const caseIdOf = (event: IndexedEvent) => Number(event.args.caseId);
const roundOf = (event: IndexedEvent, fallback: number) => (event.args.round === undefined ? fallback : Number(event.args.round));
const jsonArray = (value: unknown): unknown[] => (typeof value === "string" ? (JSON.parse(value) as unknown[]) : []);
const text = (value: unknown) => String(value);

/** The event's arguments for the case timeline, without the case id it is filed under. */
function details(event: IndexedEvent): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.args)) {
    if (key === "caseId") continue;
    out[key] = typeof value === "string" && value.startsWith("[") ? JSON.parse(value) : value;
  }
  return out;
}

const actorOf = (event: IndexedEvent): string | null => {
  for (const key of ["juror", "party", "contributor", "challenger"]) {
    const value = event.args[key];
    if (typeof value === "string") return value;
  }
  return null;
};

async function inbox(trx: Trx, event: IndexedEvent, capsuleId: number, wallets: string[], kind: string, extra: Record<string, unknown>) {
  const capsule = await findCapsule(trx, capsuleId);
  const entries: ActivityEntry[] = [...new Set(wallets)].map((wallet) => ({
    wallet,
    kind,
    outletSlug: capsule?.outlet_slug ?? null,
    subjectId: String(caseIdOf(event)),
    details: { juryCaseId: String(caseIdOf(event)), capsuleId: String(capsuleId), ...extra, logIndex: event.logIndex },
    txHash: event.txHash,
    createdAt: event.blockTime,
  }));
  await insertActivity(trx, entries);
}

async function onOpened(trx: Trx, event: IndexedEvent) {
  await insertJuryCase(trx, {
    case_id: caseIdOf(event),
    capsule_id: Number(event.args.capsuleId),
    outlet_key: text(event.args.outletKey),
    author: text(event.args.author),
    challenger: text(event.args.challenger),
    claim_ids_json: JSON.stringify(jsonArray(event.args.claimIds)),
    fee: text(event.args.fee),
    snapshot_block: Number(event.args.snapshotBlock),
    pool_size: Number(event.args.poolSize),
    round: 0,
    period: "evidence",
    period_starts_at: event.blockTime,
    period_ends_at: null,
    draw_block: null,
    findings_json: null,
    article_finding: null,
    winner: null,
    by_default: 0,
    opened_at: event.blockTime,
    open_tx_hash: event.txHash,
    final_at: null,
    updated_at: event.blockTime,
  });
}

type CaseHandler = (trx: Trx, event: IndexedEvent, c: NonNullable<Awaited<ReturnType<typeof findJuryCase>>>) => Promise<void>;

const handlers: Record<string, CaseHandler> = {
  PeriodChanged: async (trx, event, c) => {
    const period: JuryPeriod = PERIOD_NAMES[Number(event.args.period) as keyof typeof PERIOD_NAMES] ?? "evidence";
    const endsAt = Number(event.args.endsAt);
    await updateJuryCase(trx, c.case_id, {
      period,
      round: Number(event.args.round),
      period_starts_at: Number(event.args.startsAt),
      period_ends_at: endsAt === 0 ? null : endsAt,
      final_at: period === "final" ? event.blockTime : null,
      updated_at: event.blockTime,
    });
    const round = Number(event.args.round);
    const jurors = period === "commit" || period === "reveal" ? (await jurorsOfCase(trx, c.case_id)).filter((j) => j.round === round).map((j) => j.juror) : [];
    // the outlet's owner and Editors add its evidence and fund its appeal, so they hear of every period too: the
    // Editors of the event's time, so a rebuild after roles changed tells the same wallets
    const capsule = await findCapsule(trx, c.capsule_id);
    const outletSide = capsule ? await casePartiesAt(trx, capsule, event.blockTime) : [];
    // the appeal period follows the round's tally (RoundTallied comes first in the same transaction)
    const winner = period === "appeal" && c.winner !== null ? { winner: c.winner === 1 ? "challenger" : "outlet" } : {};
    await inbox(trx, event, c.capsule_id, [c.challenger, c.author, ...outletSide, ...jurors], juryInboxKinds.period, { period, round: String(round), endsAt: endsAt === 0 ? null : String(endsAt), ...winner });
  },
  DrawScheduled: async (trx, event, c) => {
    await updateJuryCase(trx, c.case_id, { draw_block: Number(event.args.drawBlock), updated_at: event.blockTime });
  },
  Draw: async (trx, event, c) => {
    const jurors = jsonArray(event.args.jurors).map(String);
    await insertJurors(trx, c.case_id, Number(event.args.round), jurors, event.blockTime);
    await updateJuryCase(trx, c.case_id, { updated_at: event.blockTime });
    await inbox(trx, event, c.capsule_id, jurors, juryInboxKinds.summoned, { round: String(event.args.round) });
  },
  Committed: async (trx, event, c) => {
    await updateJuror(trx, { caseId: c.case_id, round: Number(event.args.round), juror: text(event.args.juror) }, { committed_at: event.blockTime });
  },
  Revealed: async (trx, event, c) => {
    await updateJuror(
      trx,
      { caseId: c.case_id, round: Number(event.args.round), juror: text(event.args.juror) },
      { revealed_at: event.blockTime, findings_json: JSON.stringify(jsonArray(event.args.findings)), reasons_json: JSON.stringify(jsonArray(event.args.reasons)) },
    );
  },
  RoundTallied: async (trx, event, c) => {
    await updateJuryCase(trx, c.case_id, { findings_json: JSON.stringify(jsonArray(event.args.findings)), winner: Number(event.args.winner), updated_at: event.blockTime });
  },
  JurorRewarded: async (trx, event, c) => {
    await updateJuror(trx, { caseId: c.case_id, round: Number(event.args.round), juror: text(event.args.juror) }, { reward: text(event.args.amount) });
  },
  JurorSlashed: async (trx, event, c) => {
    await updateJuror(trx, { caseId: c.case_id, round: Number(event.args.round), juror: text(event.args.juror) }, { slashed: text(event.args.amount) });
  },
  CaseFinal: async (trx, event, c) => {
    await updateJuryCase(trx, c.case_id, {
      findings_json: JSON.stringify(jsonArray(event.args.findings)),
      article_finding: Number(event.args.articleFinding),
      winner: Number(event.args.winner),
      by_default: event.args.byDefault === true ? 1 : 0,
      final_at: event.blockTime,
      updated_at: event.blockTime,
    });
  },
};

/** JuryCourt events → the jury projection. Events of a case the projection does not hold are ignored. */
export const projectJury: Projector = async (trx, event) => {
  if (event.contract !== "juryCourt" || event.args.caseId === undefined) return;
  if (eventKind(event) === "juryCourt:CaseOpened") await onOpened(trx, event);
  const c = await findJuryCase(trx, caseIdOf(event));
  if (!c) return;
  await handlers[event.eventName]?.(trx, event, c);
  await insertCaseLog(trx, {
    tx_hash: event.txHash,
    log_index: event.logIndex,
    case_id: c.case_id,
    round: roundOf(event, c.round),
    kind: event.eventName,
    actor: actorOf(event),
    details_json: JSON.stringify(details(event)),
    block_number: event.blockNumber,
    block_time: event.blockTime,
  });
};

/**
 * Before a rebuild or a rewind replays the chain: the whole jury projection and its inbox entries. After the replay
 * (and after the capsules' reset has put the court labels back: this reset comes after it in features/projectors.ts),
 * a court case whose jury settlement acted on a CaseFinal the replay did not bring back is opened again and the
 * settlement's effects are taken back (jury-unsettle.ts), so the result is what the chain up to the fork supports.
 */
export const resetJuryProjection: ProjectionReset = async (trx) => {
  await clearJuryProjection(trx);
  await deleteChainActivity(trx, Object.values(juryInboxKinds));
  return async (after) => {
    await reopenUnbackedSettlements(after, Math.floor(Date.now() / 1000));
  };
};
