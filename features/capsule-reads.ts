import { database, db } from "@/lib/db/client";
import { capsuleHistory } from "@/features/revisions/history.endpoint";
import { capsuleList } from "@/features/capsules/list.endpoint";
import { capsuleRead } from "@/features/capsules/read.endpoint";
import { capsuleVotes } from "@/features/voting/votes.endpoint";
import { conditional } from "@/lib/http/endpoint-route";
import { serve } from "./serve";
import { publicOrigin } from "@/lib/http/public-origin";
import { buildCapsulePage, buildHistory, capsulePageRows, capsulePageVersion, capsuleReadRows, historyRows, historySettled, historyVersion, viewerVotesOn } from "@/features/capsules/capsule-queries";
import { capsuleReadBody, capsuleReadVersion, isSettled } from "@/features/capsules/capsule-view";
import { buildVotesPage, votesPageRows } from "@/features/voting/vote-list";
import { notEligibleAmong, viewerVotingOf } from "@/features/voting/viewer-voting";
import { submissionUnderWayOf } from "@/features/capsules/submission-under-way";

// The conditional capsule reads, served by their route files and by the process entry's fast path
// (server/http/fast-reads.ts): one handler each, whichever way the request came in.

// GET /api/capsules/:id — the capsule read response (capsule, policy, outlet, content, evidence, contributors, revision); conditional
// A signed read of a pending capsule also says whether the reader may vote (viewerVoting, a chain read); its
// submitter's signed read of a draft says whether a submission of it is under way (submissionUnderWay: a voucher the
// chain may still take, until when). Both depend on the chain's clock, not on rows alone.
export const capsuleReadRoute = serve(capsuleRead, async ({ params, request, viewer, capsule, now }) => {
  const rows = await capsuleReadRows(db(), params.id, viewer, capsule);
  const viewerVoting = viewer ? await viewerVotingOf(rows.row, viewer.wallet) : undefined;
  const submissionUnderWay = viewer ? await submissionUnderWayOf(rows.row, viewer.wallet, now) : undefined;
  if (viewerVoting || submissionUnderWay) {
    const extra = { ...(viewerVoting ? { viewerVoting } : {}), ...(submissionUnderWay ? { submissionUnderWay } : {}) };
    return conditional([capsuleReadVersion(rows), extra], false, () => ({ ...capsuleReadBody(rows, publicOrigin(request)), ...extra }));
  }
  return conditional(capsuleReadVersion(rows), isSettled(rows.row), () => capsuleReadBody(rows, publicOrigin(request)), { rowsAlone: true });
});

// GET /api/capsules — capsules newest first, filtered by outlet slug and status; conditional
// A signed read also carries the reader's own vote on each listed capsule that went to a vote (viewerVote), and on an
// open vote it has not cast, whether it may (a chain read of the snapshot, remembered: "none" or "not-eligible").
export const capsuleListRoute = serve(capsuleList, async ({ query, viewer }) => {
  const page = await capsulePageRows(db(), query, viewer);
  const viewerVotes = viewer ? await viewerVotesOn(db(), page.rows, viewer.wallet) : undefined;
  if (viewer && viewerVotes) {
    const open = page.rows.filter((row) => viewerVotes.get(row.id) === "none");
    for (const id of await notEligibleAmong(open, viewer.wallet)) viewerVotes.set(id, "not-eligible");
  }
  const version = viewerVotes ? [capsulePageVersion(page), [...viewerVotes]] : capsulePageVersion(page);
  return conditional(version, false, () => buildCapsulePage(page, query, viewerVotes), { rowsAlone: true });
});

// GET /api/capsules/:id/history — the revision chain, oldest first, with its current version; conditional
export const capsuleHistoryRoute = serve(capsuleHistory, async ({ params, viewer, capsule }) => {
  const rows = await historyRows(db(), params.id, viewer, capsule);
  return conditional(historyVersion(rows), historySettled(rows), () => buildHistory(rows), { rowsAlone: true });
});

// GET /api/capsules/:id/votes — indexed votes with names, and the tally of the same read; conditional
export const capsuleVotesRoute = serve(capsuleVotes, async ({ params, query }) => {
  const page = await votesPageRows(database(), params.id, query);
  return conditional(page, isSettled(page.row), () => buildVotesPage(page, query), { rowsAlone: true });
});
