// An open draft re-reads its revision while its tab is visible (components/capsules/use-autosave.ts): a newer version
// saved on another device reaches a tab that never types, instead of waiting for its next save or its submission.
// Drafts are private, so this is a signed read of the draft (GET /api/capsules/:id, `draftRevision`), never news on
// the public live channel. What the tab does with what it read, or with another tab's message, is decided here.

import type { TCapsuleObject } from "@/features/capsules/capsules.schema";

/** How often a visible draft tab re-reads its revision (and at once when the tab is shown or focused again). */
export const FRESHNESS_CHECK_MS = 15_000;

/**
 * How often a visible tab paused for a submission under way elsewhere re-reads the draft: the end of the pause (the
 * chain has the capsule, or the voucher lapsed) is shown within a few seconds, not a quarter of a minute. A pause lasts
 * at most the voucher's 900 s; 20 signed reads a minute per tab, inside the 100 a minute per session.
 */
export const UNDER_WAY_CHECK_MS = 3_000;

export type FreshnessInput = {
  /** The revision the form holds (the one its next save names); undefined when not known. */
  held: number | undefined;
  /** The revision the bridge holds now (the read's `draftRevision`); undefined when the capsule is no longer a draft. */
  saved: number | undefined;
  /** The read says the capsule is no longer a draft (submitted, or withdrawn): see `draftEndedOf`. */
  ended: boolean;
  /** The form holds something the bridge does not: typing not saved yet, or fields a save left out. */
  unsaved: boolean;
  /** A save of this tab is under way: its answer moves the revision the form holds. */
  saving: boolean;
  /** Saving already waits for the writer's choice of version (the notice is up). */
  choosing: boolean;
  /** The form is locked (this tab is submitting the draft itself). */
  locked: boolean;
  /** The read says a submission of the draft is under way (`submissionUnderWay`: a voucher the chain may still take). */
  underWay?: boolean;
  /** That submission's voucher is the one this tab's own submit panel was given (it started it, and may finish it). */
  startedHere?: boolean;
  /** The tab is paused for a submission under way elsewhere (saving stopped, fields locked until it ends). */
  paused?: boolean;
};

/**
 * What a tab does with what it read: nothing (the form holds the latest version, or the tab is busy and reads again
 * later); `load` the newer version into the form quietly (nothing here is lost: the form holds no change of its own);
 * `hold` saving and show the choice of version, as a refused save does (the form holds changes of its own); or `end`
 * the drafting: the capsule was submitted or withdrawn elsewhere, so no save can be taken any more, whatever the tab
 * holds or is doing. A tab submitting the draft itself (locked) sees its own submission and leaves that to the panel.
 * A submission under way that another tab or device started (its voucher is not this tab's) `pause`s the tab: nothing
 * is saved and the fields are locked, what the form holds is kept; when a read no longer finds it under way (the
 * voucher lapsed) the tab `resume`s, and the next decision is made on the revision as usual. Ending wins over both.
 */
export function freshnessAction(input: FreshnessInput): "none" | "load" | "hold" | "end" | "pause" | "resume" {
  if (input.ended) return input.locked ? "none" : "end";
  const elsewhere = input.underWay === true && input.startedHere !== true;
  if (elsewhere) return input.locked ? "none" : "pause";
  if (input.paused) return "resume";
  if (input.held === undefined || input.saved === undefined || input.saved <= input.held) return "none";
  if (input.saving || input.choosing || input.locked) return "none";
  return input.unsaved ? "hold" : "load";
}

/**
 * What another tab of this browser saying it saved the draft (at revision `told`, when it says) makes this tab do:
 * nothing when the form already holds that revision; `read` the draft and let `freshnessAction` decide (it loads the
 * version quietly) when the form holds no change of its own and is not busy, as a read finding a newer version does;
 * else `hold` saving and show the choice of version (typing unsaved or being saved, the choice already offered — its
 * news is renewed —, or a submission prepared on the version shown).
 */
export function tabSaveAction(input: { held: number | undefined; told: number | undefined; unsaved: boolean; saving: boolean; choosing: boolean; locked: boolean }): "none" | "read" | "hold" {
  if (input.told !== undefined && input.held !== undefined && input.told <= input.held) return "none";
  return input.unsaved || input.saving || input.choosing || input.locked ? "hold" : "read";
}

/**
 * A capsule that is no longer a draft, as its read tells: `submitted` (it went to the editors' vote; `votingUntil`
 * while that vote is open) or `withdrawn` (its author or an Editor withdrew the draft: rejected without ever reaching
 * the chain; `at` when). Undefined while it is a draft. The read does not say when a capsule was submitted (the window
 * may open later than the submission), so only the vote's end is given.
 */
export type DraftEnded = { kind: "submitted"; votingUntil?: Date } | { kind: "withdrawn"; at?: Date };

const timeOf = (seconds: string) => (Number(seconds) > 0 ? new Date(Number(seconds) * 1000) : undefined);

export function draftEndedOf(capsule: Pick<TCapsuleObject, "status" | "submitTxHash" | "closesAt" | "closedAt">): DraftEnded | undefined {
  if (capsule.status === "draft") return undefined;
  if (capsule.submitTxHash === null) {
    const at = timeOf(capsule.closedAt);
    return { kind: "withdrawn", ...(at ? { at } : {}) };
  }
  const votingUntil = capsule.status === "pending" ? timeOf(capsule.closesAt) : undefined;
  return { kind: "submitted", ...(votingUntil ? { votingUntil } : {}) };
}
