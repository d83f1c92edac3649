import "server-only";
import { formatEther, type Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { ActivityRow } from "@/lib/db/tables/foundation.table";
import { countUnread, lastReadId, listInbox, markRead, newestInboxId, newestOfKind } from "@/features/inbox/inbox.repository";
import { inboxKinds, type TInboxItem } from "@/features/inbox/inbox.schema";
import { courtCaseIdsOfJuryCases } from "@/features/court/jury.repository";
import { titlesOf } from "@/features/capsules/capsules.repository";
import { roleOfferStatuses } from "@/features/roles/role-offers.repository";
import { ownershipOfferStatuses } from "@/features/outlets/ownership-offers.repository";
import { ROLE } from "@/lib/roles/role-catalog";

const cap = (wei: unknown) => {
  try {
    const units = formatEther(BigInt(String(wei)));
    return `${units.includes(".") ? Number(units).toLocaleString("en-US", { maximumFractionDigits: 4 }) : Number(units).toLocaleString("en-US")} CAP`;
  } catch {
    return "an amount";
  }
};
const text = (value: unknown) => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value));
const labelWords: Record<string, string> = { contested: "Contested", verified: "Verified", misleading: "Misleading", fraudulent: "Fraudulent", unresolved: "Unresolved", clean: "Clean" };
const label = (value: unknown) => labelWords[text(value)] ?? text(value);
// the desk's own date form ("15 Dec 2026, 12:52 UTC"); messages are built on the server, so in UTC
const dateOf = (unix: unknown) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(new Date(Number(unix) * 1000));

const licenceKinds: Record<string, string> = { exclusive: "exclusive ", non_exclusive: "non-exclusive " };
const licenceKind = (value: unknown) => licenceKinds[text(value)] ?? "";
const paid = (wei: unknown) => (/^[0-9]+$/.test(text(wei)) ? ` (${cap(wei)})` : "");

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const offerAnswered: Record<string, string> = {
  accepted: "you accepted it",
  declined: "you declined it",
  withdrawn: "it was withdrawn before you answered",
  expired: "it expired before you answered",
};

/** One sentence per entry; `title` is the capsule's title when the row names it (or was joined in). */
/** The sentence an inbox entry reads as. */
export function inboxMessage(row: ActivityRow, d: Record<string, unknown>, title: string): string {
  const piece = title ? `“${title}”` : `capsule #${text(d.capsuleId) || row.subject_id}`;
  switch (row.kind) {
    case "capsule.submitted":
      return `Voting opened on ${piece}.`;
    case "capsule.finalized":
      return `The vote on ${piece} closed: accepted and finalized on chain.`;
    case "capsule.rejected":
      return `The vote on ${piece} closed: rejected.`;
    case "inbox.dispute_opened":
      return `A dispute was opened on ${piece} (case #${text(d.caseId)}).`;
    case "inbox.reply_due":
      return `Your reply in case #${text(d.caseId)} on ${piece} is due by ${dateOf(d.replyDueAt)} (chain time).`;
    case "inbox.reply_filed":
      return `A reply was filed in case #${text(d.caseId)} on ${piece}.`;
    case "inbox.verdict":
      // a jury case that ended without a finding (claims the article does not contain, or no juror revealed)
      if (d.verdict === null) return `Case #${text(d.caseId)} on ${piece} ${text(d.rationale).replace(/^Ended/, "ended")} Its label is ${label(d.label)} again.`;
      return `Verdict in case #${text(d.caseId)} on ${piece}: ${label(d.verdict)}.`;
    case "inbox.jury_summoned":
      return `You were drawn as a juror in jury case #${text(d.juryCaseId)} on ${piece} (round ${Number(text(d.round)) + 1}): commit your findings in the commit period, then reveal them.`;
    case "inbox.jury_period":
      return text(d.period) === "final"
        ? `Jury case #${text(d.juryCaseId)} on ${piece} is final.`
        : text(d.period) === "appeal" && (d.winner === "challenger" || d.winner === "outlet")
          ? `The jury ruled for the ${text(d.winner)} in round ${Number(text(d.round)) + 1} of jury case #${text(d.juryCaseId)} on ${piece}. Either side may fund an appeal${d.endsAt ? ` until ${dateOf(d.endsAt)} (chain time)` : ""}; the side that lost pays twice what the winner pays.`
          : `Jury case #${text(d.juryCaseId)} on ${piece} entered its ${text(d.period)} period${d.endsAt ? `, which ends ${dateOf(d.endsAt)} (chain time)` : ""}.`;
    case "inbox.case_retired":
      return `Case #${text(d.caseId)} on ${piece} ended without a finding: the clerk court was retired. Its label is ${label(d.label)} again; a jury case may be opened on it.`;
    case "inbox.case_reopened": {
      // a reorg took the jury's final ruling off the chain after the case was settled on it (jury-unsettle.ts)
      const decision = d.withdrawnVerdict ? `verdict (${label(d.withdrawnVerdict)})` : "outcome";
      return `The ${decision} in case #${text(d.caseId)} on ${piece} was withdrawn: the chain no longer holds the jury's final ruling, so the case is open again.`;
    }
    case "inbox.label_changed":
      return `The label of ${piece} is now ${label(d.label)}.`;
    case "court.penalty":
      return `${cap(d.amountSlashed)} was slashed from your outlet's bond after a ${label(d.verdict)} verdict (case #${row.subject_id}).`;
    case "rights.licence_sold": {
      const kind = licenceKind(d.licenceType);
      return `${kind.startsWith("e") ? "An" : "A"} ${kind}licence on ${piece} was sold${/^[0-9]+$/.test(text(d.price)) ? ` for ${cap(d.price)}` : ""}.`;
    }
    case "inbox.licence_void":
      // written for the buyer when LicenceEscrow refunded the payment the bridge meant to release (void-licence-notice.ts)
      return `Your ${licenceKind(d.licenceType)}licence to ${piece} is void: the payment${paid(d.amount)} went back to you before it reached the seller, so the licence grants nothing.`;
    case "inbox.licence_sale_void":
      // the seller's side of the same: the listing's lister and its payee
      return `The ${licenceKind(d.licenceType)}licence sold on ${piece} is void: the payment${paid(d.amount)} went back to the buyer, so nothing was paid out for it.`;
    case "inbox.role_offered": {
      const who = `${d.offeredAs === "owner" ? "The owner" : "An Editor"} of ${text(d.outletName) || row.outlet_slug}`;
      // the entry stays; once the offer is answered it says how, not "accept or decline"
      const answered = offerAnswered[text(d.offerStatus)];
      if (answered) return `${who} offered you the ${text(d.roleName)} role; ${answered}.`;
      return `${who} offers you the ${text(d.roleName)} role; accept or decline it on the newsroom page by ${dateOf(d.expiresAt)} (chain time).`;
    }
    case "inbox.role_revoked": {
      // written only for the holder, when another wallet (the owner or an Editor) revoked the role
      const who = `${d.revokedAs === "owner" ? "The owner" : "An Editor"} of ${text(d.outletName) || row.outlet_slug}`;
      const votes = Number(d.roleId) === ROLE.EDITOR ? " You no longer vote on its capsules." : "";
      return `${who} revoked your ${text(d.roleName)} role there.${votes} Your bond is no longer locked for it.`;
    }
    case "inbox.ownership_offered": {
      // written for the Editor the owner offers the outlet to; once answered it says how
      const outlet = text(d.outletName) || row.outlet_slug;
      const answered = offerAnswered[text(d.offerStatus)];
      if (answered) return `The owner of ${outlet} offered you its ownership; ${answered}.`;
      return `The owner of ${outlet} offers you its ownership: you would appoint and revoke its Editors and be its party in court cases. Accept or decline it on the outlet's page.`;
    }
    case "inbox.ownership_declined":
      return `${text(d.wallet)} declined your offer of the ownership of ${text(d.outletName) || row.outlet_slug}; you still own it.`;
    case "inbox.ownership_transferred": {
      const outlet = text(d.outletName) || row.outlet_slug;
      if (d.side === "to") return `You now own ${outlet}: you alone appoint and revoke its Editors, and you are its party in its court cases.`;
      return `${text(d.to)} accepted the ownership of ${outlet} and now owns it; you keep your roles there, but only the new owner appoints and revokes Editors.`;
    }
    case "inbox.offer_closed": {
      // an open offer the bridge closed because the ownership or the Editor role it rested on ended
      const outlet = text(d.outletName) || row.outlet_slug;
      const offer = d.offerKind === "ownership" ? `the offer of the ownership of ${outlet}` : `the offer of the ${text(d.roleName)} role at ${outlet}`;
      if (d.reason === "ownership_passed") return `${capitalized(offer)} is closed because ${outlet}'s ownership passed to ${text(d.newOwner)}; there is nothing for you to do.`;
      if (d.reason === "offerer_editor_role_ended") return `${capitalized(offer)} is closed because ${text(d.offeredBy)}, who made it, no longer holds the Editor role there; there is nothing for you to do.`;
      const ended = d.reason === "editor_role_given_up" ? "You gave up your Editor role at" : "Your Editor role was revoked at";
      return `${ended} ${outlet}, so ${offer} is closed with it; there is nothing for you to do.`;
    }
    default:
      return row.kind;
  }
}

function parse(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const capsuleIdOf = (row: ActivityRow, d: Record<string, unknown>) => (row.kind.startsWith("capsule.") ? row.subject_id : text(d.capsuleId) || null);
const caseIdOf = (row: ActivityRow, d: Record<string, unknown>) => (row.kind.startsWith("inbox.") || row.kind === "court.penalty" ? text(d.caseId) || (row.kind === "court.penalty" ? row.subject_id : null) : null);

/** Inbox rows as the answer lists them: each row's sentence, with the titles, court cases and offer states they name. */
async function inboxItems(db: Db, rows: ActivityRow[], readUpTo: number): Promise<TInboxItem[]> {
  const ids = [...new Set(rows.map((row) => capsuleIdOf(row, parse(row.details_json))).filter((id): id is string => Boolean(id && /^[0-9]+$/.test(id))).map(Number))];
  const titles = await titlesOf(db, ids);
  // jury entries name the JuryCourt case; the link goes to the court case that filed it
  const juryIds = rows.map((row) => Number(parse(row.details_json).juryCaseId)).filter((id) => Number.isInteger(id) && id > 0);
  const courtCaseOf = await courtCaseIdsOfJuryCases(db, [...new Set(juryIds)]);
  const offerIdsOf = (kind: string) => [...new Set(rows.filter((row) => row.kind === kind).map((row) => Number(row.subject_id)).filter((id) => Number.isInteger(id) && id > 0))];
  const offerStatusOf = await roleOfferStatuses(db, offerIdsOf("inbox.role_offered"));
  const ownershipStatusOf = await ownershipOfferStatuses(db, offerIdsOf("inbox.ownership_offered"));
  return rows.map((row) => {
    const parsed = parse(row.details_json);
    const filedAs = courtCaseOf.get(Number(parsed.juryCaseId));
    const statusOf = row.kind === "inbox.role_offered" ? offerStatusOf : row.kind === "inbox.ownership_offered" ? ownershipStatusOf : undefined;
    const offerStatus = statusOf?.get(Number(row.subject_id)) ?? null;
    const d: Record<string, unknown> = { ...parsed, ...(filedAs === undefined ? {} : { caseId: String(filedAs) }), ...(offerStatus ? { offerStatus } : {}) };
    const capsuleId = capsuleIdOf(row, d);
    return {
      id: String(row.id),
      kind: row.kind as TInboxItem["kind"],
      message: inboxMessage(row, d, titles.get(capsuleId ?? "") ?? text(d.title)),
      capsuleId,
      caseId: caseIdOf(row, d),
      outletSlug: row.outlet_slug,
      txHash: row.tx_hash,
      at: String(row.created_at),
      unread: row.id > readUpTo,
      offerStatus,
    };
  });
}

/**
 * POST /api/inbox — the signer's entries, newest first, and how many are unread; `lastRoleRevocation` is its newest
 * `inbox.role_revoked` entry wherever it lies (the newsroom's no-role notice says why, without paging the inbox).
 */
export async function readInbox(db: Db, wallet: Address, body: { page: number; limit: number; unreadOnly: boolean }) {
  const readUpTo = await lastReadId(db, wallet);
  const offset = (body.page - 1) * body.limit;
  const { rows, total } = await listInbox(db, wallet, inboxKinds, { offset, limit: body.limit, afterId: body.unreadOnly ? readUpTo : undefined });
  const revoked = await newestOfKind(db, wallet, "inbox.role_revoked");
  // the revocation's words come from the same lookups as the page's (titles, cases, offers): one pass, not two
  const extra = revoked && !rows.some((row) => row.id === revoked.id) ? [revoked] : [];
  const worded = await inboxItems(db, [...rows, ...extra], readUpTo);
  const items = worded.slice(0, rows.length);
  const lastRoleRevocation = revoked ? worded.find((item) => item.id === String(revoked.id)) : undefined;
  return {
    ok: true as const,
    wallet,
    items,
    page: body.page,
    limit: body.limit,
    total,
    hasMore: offset + rows.length < total,
    unreadCount: await countUnread(db, wallet, inboxKinds, readUpTo),
    lastRoleRevocation: lastRoleRevocation ?? null,
  };
}

/**
 * POST /api/inbox/mark-read — moves the read mark forward, never past the wallet's newest entry (a
 * mark beyond it would count entries that do not exist yet as read). When a wallet reads its inbox is
 * its own business: no push (lib/live/public-changes.ts); its other open tabs re-read when shown again.
 */
export async function markInboxRead(db: Db, wallet: Address, upToId: number | undefined, now: number) {
  const last = await db.transaction().execute(async (trx) => {
    const newest = await newestInboxId(trx, wallet, inboxKinds);
    const target = upToId === undefined ? newest : Math.min(upToId, newest);
    // an empty inbox has nothing to mark: no row for it, so fresh wallets (free to make) cannot grow the table
    if (target === 0) return lastReadId(trx, wallet);
    return markRead(trx, wallet, target, now);
  });
  return { ok: true as const, wallet, lastReadId: String(last), unreadCount: await countUnread(db, wallet, inboxKinds, last) };
}
