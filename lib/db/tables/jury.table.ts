import type { Insertable, Selectable, Updateable } from "kysely";

// The projection of JuryCourt (issue 28), written by features/court/jury.projector.ts only.

export type JuryPeriod = "evidence" | "commit" | "reveal" | "appeal" | "final";

/** One JuryCourt case, keyed by its id on chain. */
export interface JuryCaseTable {
  case_id: number;
  /** The capsule's id (the same on chain and in SQL). */
  capsule_id: number;
  /** keccak256 of the outlet's slug, as the contract keys outlets. */
  outlet_key: string;
  author: string;
  challenger: string;
  /** JSON array of the disputed claims as bytes32 (empty: the article as a whole). */
  claim_ids_json: string;
  /** The challenger's arbitration fee, wei. */
  fee: string;
  snapshot_block: number;
  pool_size: number;
  round: number;
  period: JuryPeriod;
  period_starts_at: number;
  /** null once final. */
  period_ends_at: number | null;
  draw_block: number | null;
  /** JSON array of the current ruling, one finding (1..4) per claim; null before the first tally. */
  findings_json: string | null;
  article_finding: number | null;
  /** 1 the challenger, 2 the outlet; null before the first tally. */
  winner: number | null;
  by_default: number;
  opened_at: number;
  open_tx_hash: string;
  final_at: number | null;
  updated_at: number;
}

/** A juror drawn for one round of a case. */
export interface JuryJurorTable {
  case_id: number;
  round: number;
  juror: string;
  /** Place in the round's Draw event. */
  seat: number;
  drawn_at: number;
  committed_at: number | null;
  revealed_at: number | null;
  findings_json: string | null;
  reasons_json: string | null;
  /** wei credited as a coherent juror / slashed for not revealing. */
  reward: string | null;
  slashed: string | null;
}

/** Every JuryCourt event of a case, in chain order: the case's public timeline. */
export interface JuryCaseLogTable {
  tx_hash: string;
  log_index: number;
  case_id: number;
  round: number;
  /** The event's name (CaseOpened, EvidenceSubmitted, AppealFunded, …). */
  kind: string;
  actor: string | null;
  details_json: string;
  block_number: number;
  block_time: number;
}

export interface JuryTables {
  jury_cases: JuryCaseTable;
  jury_jurors: JuryJurorTable;
  jury_case_log: JuryCaseLogTable;
}

export type JuryCaseRow = Selectable<JuryCaseTable>;
export type NewJuryCase = Insertable<JuryCaseTable>;
export type JuryCaseUpdate = Updateable<JuryCaseTable>;
export type JuryJurorRow = Selectable<JuryJurorTable>;
export type JuryCaseLogRow = Selectable<JuryCaseLogTable>;
export type NewJuryCaseLog = Insertable<JuryCaseLogTable>;
