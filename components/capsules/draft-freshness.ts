// An open draft re-reads its revision while its tab is visible (components/capsules/use-autosave.ts): a newer version
// saved on another device reaches a tab that never types, instead of waiting for its next save or its submission.
// Drafts are private, so this is a signed read of the draft (GET /api/capsules/:id, `draftRevision`), never news on
// the public live channel. What the tab does with what it read is decided here.

/** How often a visible draft tab re-reads its revision (and at once when the tab is shown or focused again). */
export const FRESHNESS_CHECK_MS = 15_000;

export type FreshnessInput = {
  /** The revision the form holds (the one its next save names); undefined when not known. */
  held: number | undefined;
  /** The revision the bridge holds now (the read's `draftRevision`); undefined when the capsule is no longer a draft. */
  saved: number | undefined;
  /** The form holds something the bridge does not: typing not saved yet, or fields a save left out. */
  unsaved: boolean;
  /** A save of this tab is under way: its answer moves the revision the form holds. */
  saving: boolean;
  /** Saving already waits for the writer's choice of version (the notice is up). */
  choosing: boolean;
  /** The form is locked (a submission is being prepared). */
  locked: boolean;
};

/**
 * What a tab does with the revision it read: nothing (the form holds the latest version, or the tab is busy and reads
 * again later); `load` the newer version into the form quietly (nothing here is lost: the form holds no change of its
 * own); or `hold` saving and show the choice of version, as a refused save does (the form holds changes of its own).
 */
export function freshnessAction(input: FreshnessInput): "none" | "load" | "hold" {
  if (input.held === undefined || input.saved === undefined || input.saved <= input.held) return "none";
  if (input.saving || input.choosing || input.locked) return "none";
  return input.unsaved ? "hold" : "load";
}
