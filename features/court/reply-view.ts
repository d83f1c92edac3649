import type { CourtReplyRow } from "@/lib/db/tables/newsroom.table";
import type { TCourtReply } from "@/features/court/court-reply.schema";

type Evidence = TCourtReply["evidence"][number];

export function replyObject(row: CourtReplyRow): TCourtReply {
  let evidence: Evidence[] = [];
  try {
    const parsed: unknown = JSON.parse(row.evidence_json);
    if (Array.isArray(parsed)) evidence = parsed as Evidence[];
  } catch {
    // stored by this bridge as JSON; an unreadable value shows as no evidence
  }
  return {
    dueAt: String(row.due_at),
    repliedBy: row.replied_by,
    reply: row.reply,
    evidence,
    repliedAt: row.replied_at === null ? null : String(row.replied_at),
  };
}
