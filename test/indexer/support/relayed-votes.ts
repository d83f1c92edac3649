import type { Hex } from "viem";
import { send } from "@/lib/api/client";
import { keySigner } from "@/lib/api/signers";
import type { DeploymentRecord } from "@/lib/chain/deployment-record";
import type { Db } from "@/lib/db/database";
import { capsuleVote } from "@/features/voting/vote.endpoint";
import { devKeys } from "@/test/support/anvil";
import { ballot, waitFor } from "@/test/operator/support";
import { VOTERS, type VoteStream } from "./vote-stream";

// Editors relaying signed ballots through POST /api/capsules/:id/vote while servers come and go:
// the three-server failover test and the `scale` bench. Each answer is kept, so the caller can
// check that every acknowledged (2xx) vote is on chain and in the projection.

export type VoteAnswer = {
  voter: number;
  capsuleId: number;
  support: boolean;
  /** HTTP status; 0 when the request got no answer (its server died). */
  status: number;
  /** operatorTx.status of a 2xx answer (mined, sent…), else the error code and message. */
  outcome: string;
  /** From sending the request to its status line. */
  ms: number;
  /** When the answer came (Date.now()). */
  at: number;
};

export const acknowledged = (answer: VoteAnswer) => answer.status >= 200 && answer.status < 300;
const supportOf = (voter: number, capsuleId: number) => (voter + capsuleId) % 3 !== 0;

/**
 * Every editor of VOTERS at once, each one request at a time (a ballot signs the editor's
 * CapsuleAcceptance nonce, so the next waits until this one is on chain), votes on `capsuleIds`
 * in order through the server `target(voter)` names at that moment, until `stopped()` or the
 * capsules run out. A vote that was not acknowledged as mined is given up to `settleMs` to be
 * mined before the editor signs its next ballot.
 */
export async function relayVotes(options: {
  stream: VoteStream;
  deployment: DeploymentRecord;
  capsuleIds: number[];
  target: (voter: number) => string;
  stopped: () => boolean;
  onAnswer?: (answer: VoteAnswer) => void;
  settleMs?: number;
}): Promise<VoteAnswer[]> {
  const answers: VoteAnswer[] = [];
  const editor = async (voter: number) => {
    for (const capsuleId of options.capsuleIds) {
      if (options.stopped()) return;
      const support = supportOf(voter, capsuleId);
      const body = await ballot(options.stream, options.deployment, voter, capsuleId, support);
      let ms = Number.NaN;
      const timed: typeof fetch = async (input, init) => {
        const started = performance.now();
        try {
          return await fetch(input, init);
        } finally {
          ms = performance.now() - started;
        }
      };
      let answer: VoteAnswer;
      try {
        const raw = await send(capsuleVote, { params: { id: String(capsuleId) }, body }, { baseUrl: options.target(voter), signer: keySigner(devKeys[voter] as Hex), fetch: timed });
        const parsed = raw.body as { operatorTx?: { status?: string }; error?: unknown; message?: unknown } | undefined;
        const refusal = typeof parsed?.error === "string" ? `${parsed.error}: ${String(parsed.message ?? "")}` : raw.text;
        const outcome = raw.status < 300 ? (parsed?.operatorTx?.status ?? "-") : refusal.slice(0, 160);
        answer = { voter, capsuleId, support, status: raw.status, outcome, ms, at: Date.now() };
      } catch (error) {
        answer = { voter, capsuleId, support, status: 0, outcome: error instanceof Error ? error.message : String(error), ms, at: Date.now() };
      }
      answers.push(answer);
      options.onAnswer?.(answer);
      if (!(acknowledged(answer) && answer.outcome === "mined")) await settled(options.stream, voter, capsuleId, options.settleMs ?? 5_000);
    }
  };
  await Promise.all(VOTERS.map(editor));
  return answers;
}

async function settled(stream: VoteStream, voter: number, capsuleId: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await stream.hasVoted(voter, capsuleId).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the operator outbox holds no relayed transaction that is queued or sent but not mined (the leader's worker re-broadcasts those). */
export async function outboxSettled(db: Db, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => ((await db.selectFrom("operator_outbox").select("id").where("status", "in", ["queued", "sent"]).execute()).length === 0 ? true : undefined),
    "the operator outbox to settle (no queued or sent transaction)",
    timeoutMs,
  );
}

/** Waits until the indexer projected every submission of `capsuleIds` (status pending: open for votes). */
export async function submissionsProjected(db: Db, capsuleIds: number[], timeoutMs = 120_000): Promise<void> {
  await waitFor(
    async () => {
      const rows = await db.selectFrom("capsules").select("status").where("id", "in", capsuleIds).execute();
      return rows.length === capsuleIds.length && rows.every((row) => row.status === "pending") ? true : undefined;
    },
    "the submissions to be projected",
    timeoutMs,
  );
}
