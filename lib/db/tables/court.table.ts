import type { Generated, Insertable, Selectable } from "kysely";
import type { IntegrityLabel } from "./capsules.table";

export type CaseStatus = "open" | "closed";
export type Verdict = "verified" | "misleading" | "fraudulent" | "unresolved";

/** A court case on a finalized capsule (docs/ARCHITECTURE.md, "States"). */
export interface CourtCaseTable {
  id: Generated<number>;
  capsule_id: number;
  root_capsule_id: number;
  outlet_id: number;
  outlet_slug: string;
  /** Checksummed address of the bonded wallet that opened the case. */
  opened_by: string;
  grounds: string;
  claim: string | null;
  evidence_id: number | null;
  requested_label: "misleading" | "fraudulent" | null;
  label_before: IntegrityLabel;
  status: CaseStatus;
  verdict: Verdict | null;
  rationale: string | null;
  /** The clerk's one-line finding, shown under the label (NULL before migration 0800). */
  finding: Generated<string | null>;
  decided_by: string | null;
  /** The JuryCourt case deciding it (null: a clerk case, opened before the jury court). */
  jury_case_id: Generated<number | null>;
  /** JSON array of the disputed claims' ids (null or []: the article as a whole). */
  claim_ids_json: Generated<string | null>;
  opened_at: number;
  closed_at: number | null;
}

/** One entry of a case's public timeline: opened, evidence_named, label_changed, verdict, penalty, reply, retired, no_finding. */
export interface CourtCaseEventTable {
  id: Generated<number>;
  case_id: number;
  kind: string;
  actor: string;
  details_json: string;
  tx_hash: string | null;
  created_at: number;
}

/** Every integrity-label change of a revision chain, kept forever. */
export interface IntegrityLabelHistoryTable {
  id: Generated<number>;
  capsule_id: number;
  root_capsule_id: number;
  outlet_id: number;
  label: IntegrityLabel;
  previous_label: IntegrityLabel;
  applied_by: string;
  reason: string;
  case_id: number | null;
  tx_hash: string | null;
  source_key: string | null;
  created_at: number;
}

/** The penalty path of a misleading/fraudulent verdict: the on-chain slash and the distribution downgrade. */
export interface CourtPenaltyTable {
  id: Generated<number>;
  case_id: number;
  outlet_id: number;
  outlet_slug: string;
  outlet_wallet: string;
  verdict: "misleading" | "fraudulent";
  /** wei, decimal strings */
  amount_requested: string;
  amount_slashed: string;
  bond_before: string;
  tx_hash: string;
  block_number: number;
  log_index: number;
  penalty_until: number;
  created_at: number;
}

export interface CourtTables {
  court_cases: CourtCaseTable;
  court_case_events: CourtCaseEventTable;
  integrity_label_history: IntegrityLabelHistoryTable;
  court_penalties: CourtPenaltyTable;
}

export type CourtCaseRow = Selectable<CourtCaseTable>;
export type NewCourtCase = Insertable<CourtCaseTable>;
export type CourtCaseEventRow = Selectable<CourtCaseEventTable>;
export type LabelHistoryRow = Selectable<IntegrityLabelHistoryTable>;
export type NewLabelHistory = Insertable<IntegrityLabelHistoryTable>;
export type CourtPenaltyRow = Selectable<CourtPenaltyTable>;
export type NewCourtPenalty = Insertable<CourtPenaltyTable>;
