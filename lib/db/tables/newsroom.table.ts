import type { Selectable } from "kysely";

/** A court case's right of reply (issue 13): the window's end in chain time, and the reply once filed. */
export interface CourtReplyTable {
  case_id: number;
  due_at: number;
  replied_by: string | null;
  reply: string | null;
  /** JSON array of { uri, contentHash, label } */
  evidence_json: string;
  replied_at: number | null;
}

/** How far a wallet has read its inbox: the newest activity id it marked read. */
export interface InboxReadTable {
  wallet: string;
  last_read_id: number;
  updated_at: number;
}

export interface NewsroomTables {
  court_replies: CourtReplyTable;
  inbox_reads: InboxReadTable;
}

export type CourtReplyRow = Selectable<CourtReplyTable>;
