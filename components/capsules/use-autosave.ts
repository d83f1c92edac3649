"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api/api-client";
import type { BrowserSession } from "@/lib/api/browser-session";
import { draftFromCapsule, planSave, type DraftErrors, type DraftState } from "@/features/capsules/draft-form";
import { capsuleQuery, useCreateCapsule, useUpdateCapsule } from "@/components/capsules/use-capsules";
import { listenForDraftSaves, tellDraftSaved } from "./draft-tabs";
import { draftChangedOf } from "./draft-conflict";
import { utcIso } from "@/lib/time/utc-iso";
import { draftEndedOf, FRESHNESS_CHECK_MS, freshnessAction, tabSaveAction, UNDER_WAY_CHECK_MS, type DraftEnded } from "./draft-freshness";

/**
 * Saving stopped because the draft was saved elsewhere since this editor's version: in another tab of this browser
 * (told over BroadcastChannel), or anywhere (the bridge refused the save, 409 DRAFT_CHANGED). `revision`: the one saved
 * there, when known; `at`: when it was saved.
 */
export type SavedElsewhere = { where: "tab" | "elsewhere"; at: Date; revision?: number };

/** The form was quietly updated to a version saved in another tab of this browser, or elsewhere, saved `at`. */
export type Refreshed = { where: SavedElsewhere["where"]; at: Date };

/**
 * The capsule stopped being a draft elsewhere (submitted from another device or tab, or withdrawn): saving has ended for
 * good. `unsaved`: the form held changes of its own then, which no save will keep (the page offers them for copying).
 */
export type DraftEndedElsewhere = DraftEnded & { unsaved: boolean };

/**
 * A submission of the draft is under way that another tab or device started (a voucher the chain may still take, until
 * `until`): saving is paused and the fields are locked until it ends. `unsaved`: the form holds changes of its own,
 * kept on screen and saved when editing resumes.
 */
export type SubmissionUnderWay = { until: Date; unsaved: boolean };

export type SaveStatus =
  | { kind: "waiting"; message: string }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date; skipped: string[] }
  | { kind: "paused"; message: string }
  | { kind: "error"; message: string };

// Autosave timing: a save starts after 1 s without typing, and at most one every 4 s, so a writer
// stays well inside the bridge's 20 signed writes per minute per session (the rest is left for
// uploads, relations and the submission). A 429 pauses saving and retries by itself.
const IDLE_MS = 1_000;
const MIN_GAP_MS = 4_000;
const RATE_LIMITED_RETRY_MS = 10_000;

export function useAutosave(args: {
  state: DraftState;
  capsuleId: string | undefined;
  wallet: string | undefined;
  session: BrowserSession | undefined;
  paused: boolean;
  /** The draft's revision as the editor opened it (the read's `draftRevision`); every update names the one it edits. */
  revision?: number;
  /** The bridge's answer to the first save (the slug it made from the title, for one). */
  onCreated?: (created: { capsule: { articleSlug: string }; draftRevision?: number }) => void;
  /** A newer version saved elsewhere, read while the form held no change of its own: the form shows it instead. */
  onNewerVersion?: (state: DraftState) => void;
}) {
  const create = useCreateCapsule();
  const update = useUpdateCapsule();
  const [capsuleId, setCapsuleId] = useState(args.capsuleId);
  const [version, setVersion] = useState(0);
  const [savedVersion, setSavedVersion] = useState(0);
  const [retryTick, setRetryTick] = useState(0);
  const [result, setResult] = useState<SaveStatus>(
    args.capsuleId ? { kind: "saved", at: new Date(), skipped: [] } : { kind: "waiting", message: "Not saved yet: a draft is saved once it has a title and a body." },
  );
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  // the last save left fields out: the form holds what the bridge does not, as unsaved typing does
  const [leftOut, setLeftOut] = useState(false);
  // where and when the version the form was quietly updated to was saved (said until the writer types)
  const [refreshed, setRefreshed] = useState<Refreshed | undefined>();
  // the capsule is no longer a draft (a read said so): nothing is saved again
  const [ended, setEnded] = useState<DraftEndedElsewhere | undefined>();
  const endedNow = useRef(false);
  // a submission under way elsewhere (a read said so): nothing is saved until a read finds it ended
  const [underWay, setUnderWay] = useState<SubmissionUnderWay | undefined>();
  const underWayNow = useRef(false);
  // the deadline of the voucher this tab's own submit panel was given (ISO): a submission under way with it is this tab's
  const ownVoucher = useRef<string | undefined>(undefined);
  // the freshness read (below), for a refused save or another tab's message to ask for at once
  const readNow = useRef<(where: SavedElsewhere["where"]) => Promise<void>>(async () => undefined);
  // this tab's own submission was just refused (409 INVALID_STATE): the next read must not take the form's lock for a
  // submission of its own under way, since the panel releases that lock only a render or two after the refusal
  const ownSubmissionRefused = useRef(false);
  const queryClient = useQueryClient();
  const latest = useRef({ ...args, capsuleId, version, create: create.mutateAsync, update: update.mutateAsync });
  latest.current = { ...args, capsuleId: latest.current.capsuleId ?? capsuleId, version, create: create.mutateAsync, update: update.mutateAsync };
  const saved = useRef({ version: 0, skipped: [] as string[] });
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);
  /** Why the last save did not keep the whole draft, in words for the submit panel ("" when it did). */
  const problem = useRef("");
  const lastStart = useRef(0);
  const mounted = useRef(true);
  // this tab's name on the draft channel, and when another tab of this browser last saved the same draft
  const tab = useRef(Math.random().toString(36).slice(2));
  const [elsewhere, setElsewhere] = useState<SavedElsewhere | undefined>();
  const heldByOtherTab = useRef(false);
  const elsewhereNow = useRef<SavedElsewhere["where"]>("tab");
  // the revision of the draft the form holds: sent with every update, so a save over a newer version is refused
  const revision = useRef(args.revision);

  /** Saves what is on screen now; true when the whole draft is saved (nothing left out). */
  const saveNow = useCallback(async (): Promise<boolean> => {
    while (inFlight.current) await inFlight.current;
    const snap = latest.current;
    if (endedNow.current) {
      problem.current = ENDED_PROBLEM;
      return false;
    }
    if (underWayNow.current) {
      problem.current = UNDER_WAY_PROBLEM;
      return false;
    }
    if (snap.capsuleId && snap.version === saved.current.version) return saved.current.skipped.length === 0;
    if (!snap.wallet || !snap.session) {
      setResult({ kind: "waiting", message: "Not saved: sign in with your wallet to save this draft." });
      problem.current = "The draft is not saved: sign in with your wallet (page header), then submit again.";
      return false;
    }
    const plan = planSave(snap.state, snap.capsuleId, snap.wallet);
    if (plan.kind === "wait") {
      setResult({ kind: "waiting", message: `Not saved yet: ${plan.reason.charAt(0).toLowerCase()}${plan.reason.slice(1)}` });
      problem.current = `The draft is not saved yet: ${plan.reason.charAt(0).toLowerCase()}${plan.reason.slice(1)}`;
      return false;
    }
    if (heldByOtherTab.current) {
      setResult(heldResult(elsewhereNow.current, true));
      problem.current = "The draft is not saved: it was saved elsewhere. Choose which version to keep (above the form), then submit again.";
      return false;
    }
    const run = (async () => {
      setResult({ kind: "saving" });
      lastStart.current = Date.now();
      try {
        if (!("capsuleId" in plan.payload)) {
          const created = await snap.create(plan.payload);
          revision.current = created.draftRevision;
          latest.current.capsuleId = created.capsuleId;
          setCapsuleId(created.capsuleId);
          snap.onCreated?.(created);
          // the address becomes the draft's own, without a navigation (the form keeps its state); a save made as the
          // writer left the page (below) leaves the address of the page they went to as it is
          if (mounted.current) window.history.replaceState(null, "", `/capsules/${created.capsuleId}/edit`);
        } else {
          const known = revision.current;
          const updated = await snap.update(known === undefined ? plan.payload : { ...plan.payload, ifRevision: known });
          revision.current = updated.draftRevision;
        }
        tellDraftSaved(latest.current.capsuleId ?? "", tab.current, revision.current);
        saved.current = { version: snap.version, skipped: plan.skipped };
        setSavedVersion(snap.version);
        setLeftOut(plan.skipped.length > 0);
        setServerErrors({});
        setResult({ kind: "saved", at: new Date(), skipped: plan.skipped });
        problem.current = plan.skipped.length === 0 ? "" : "The draft was saved without some fields: fix the marked fields, then submit once it says “All changes saved”.";
        return plan.skipped.length === 0;
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) {
          setResult({ kind: "paused", message: "Saving paused: too many saves in a short time. Trying again in a few seconds." });
          setTimeout(() => setRetryTick((tick) => tick + 1), RATE_LIMITED_RETRY_MS);
          problem.current = "Saving is paused after too many saves in a short time: submit again in a few seconds.";
          return false;
        }
        // saved elsewhere since this form's version: nothing was written, and nothing more is until the writer chooses
        if (heldByRefusal(error)) {
          problem.current = "The draft is not saved: it was changed elsewhere. Choose which version to keep (above the form), then submit again.";
          return false;
        }
        // no longer editable (submitted or withdrawn elsewhere, or a submission's voucher outstanding): a read says which
        if (error instanceof ApiError && error.status === 409 && error.code === "INVALID_STATE") void readNow.current("elsewhere");
        const message = error instanceof Error ? error.message : "the server did not answer";
        if (error instanceof ApiError && error.issues.length > 0) {
          setServerErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
          problem.current = "The draft could not be saved: fix the marked fields, then submit again.";
        } else if (error instanceof ApiError && error.status === 401) {
          problem.current = "The draft could not be saved: your session has ended. Sign in again (page header), then submit again.";
        } else if (!(error instanceof ApiError) || error.status === 0) {
          // no answer: nothing on the form is at fault
          problem.current = "The draft could not be saved: the Capsule server could not be reached. Check your connection, then submit again; nothing was sent to the chain.";
        } else {
          problem.current = `The draft could not be saved: ${message.replace(/\.$/, "")}. Submit again in a moment; nothing was sent to the chain.`;
        }
        setResult({ kind: "error", message });
        return false;
      }
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = undefined;
    }
  }, []);

  // a change, a retry after a 429, or signing in (work typed before it is saved then)
  const signedIn = Boolean(args.session);
  useEffect(() => {
    if (args.paused || (version === 0 && retryTick === 0)) return;
    const wait = Math.max(IDLE_MS, lastStart.current + MIN_GAP_MS - Date.now());
    const timer = setTimeout(() => void saveNow(), wait);
    return () => clearTimeout(timer);
  }, [version, retryTick, signedIn, args.paused, saveNow]);

  // Another tab of this browser saved the same draft: saving here would put this tab's older fields over it, silently.
  // Saving stops until the writer chooses: load the version saved there, or keep this one (which then overwrites it).
  // Another browser or device is not heard: the bridge refuses this tab's next save instead (above), to the same end.
  useEffect(() => {
    if (!capsuleId) return;
    return listenForDraftSaves(capsuleId, tab.current, (saved) => {
      if (endedNow.current) return;
      const action = tabSaveAction({
        held: revision.current,
        told: saved.revision,
        unsaved: hasUnsaved(),
        saving: inFlight.current !== undefined,
        choosing: heldByOtherTab.current,
        locked: latest.current.paused,
      });
      // untouched: the version saved there is read and taken quietly, as a read finding it would (hidden or not)
      if (action === "read") void readNow.current("tab");
      else if (action === "hold") hold({ where: "tab", at: new Date(), ...(saved.revision === undefined ? {} : { revision: saved.revision }) });
    });
  }, [capsuleId]);
  function hold(news: SavedElsewhere) {
    heldByOtherTab.current = true;
    setRefreshed(undefined);
    elsewhereNow.current = news.where;
    setElsewhere(news);
  }
  /** A save or submission the bridge refused with 409 DRAFT_CHANGED: saving is held until the writer chooses; true when `error` was one. */
  function heldByRefusal(error: unknown): boolean {
    const changed = error instanceof ApiError ? draftChangedOf(error) : undefined;
    if (!changed) return false;
    hold({ where: "elsewhere", at: changed.savedAt ?? new Date(), revision: changed.revision });
    setResult(heldResult("elsewhere", hasUnsaved()));
    return true;
  }
  const release = () => {
    heldByOtherTab.current = false;
    setElsewhere(undefined);
  };
  /**
   * Keeps this form's version: saved at once over the version saved elsewhere, naming that version's revision
   * (`revision`, the one the writer was shown), so a save made there since is refused again rather than replaced unseen.
   */
  const keepMine = useCallback(async (over: number | undefined) => {
    release();
    if (over !== undefined) revision.current = over;
    saved.current = { version: -1, skipped: [] };
    await saveNow();
  }, [saveNow]);
  /** The form now shows what the bridge holds at `over` (the version saved elsewhere): nothing on screen is unsaved. */
  const adopt = (over: number | undefined) => {
    release();
    revision.current = over;
    saved.current = { version: latest.current.version, skipped: [] };
    setSavedVersion(latest.current.version);
    setLeftOut(false);
    setResult({ kind: "saved", at: new Date(), skipped: [] });
  };
  /** The form holds something the bridge does not: typing not saved yet, or fields the last save left out. */
  const hasUnsaved = () => latest.current.version !== saved.current.version || saved.current.skipped.length > 0;

  // A device that never types learns of a newer version too: while the tab is visible it re-reads the draft's
  // revision (a signed read; drafts are private, so nothing is said on the public live channel), every
  // FRESHNESS_CHECK_MS and at once when the tab is shown or focused again. With no change of its own the form takes
  // the newer version quietly and says so; with changes of its own saving stops and the writer chooses, as when the
  // bridge refuses a save (components/capsules/draft-freshness.ts decides).
  const sessionId = args.session?.sessionId;
  useEffect(() => {
    const session = latest.current.session;
    if (!capsuleId || !session) return;
    let live = true;
    let reading = false;
    let queued: SavedElsewhere["where"] | undefined;
    /** Reads the draft and acts on it; `where`: what asked (the other tab's message, or this tab's own reasons). */
    const read = async (where: SavedElsewhere["where"]): Promise<void> => {
      if (endedNow.current) return;
      // a read under way may have left before the news that asks for this one: it is made once that one is done
      if (reading) {
        queued = queued === "tab" ? "tab" : where;
        return;
      }
      reading = true;
      const refused = ownSubmissionRefused.current;
      ownSubmissionRefused.current = false;
      try {
        const fresh = await queryClient.fetchQuery({ ...capsuleQuery(capsuleId, session), staleTime: 0 });
        if (!live || !mounted.current) return;
        const gone = draftEndedOf(fresh.capsule);
        const facts = {
          held: revision.current,
          saved: fresh.draftRevision,
          ended: gone !== undefined,
          unsaved: hasUnsaved(),
          saving: inFlight.current !== undefined,
          choosing: heldByOtherTab.current,
          locked: latest.current.paused && !refused,
          underWay: fresh.submissionUnderWay !== undefined,
          startedHere: fresh.submissionUnderWay !== undefined && fresh.submissionUnderWay.until === ownVoucher.current,
          paused: underWayNow.current,
        };
        let action = freshnessAction(facts);
        if (action === "resume") {
          // the voucher lapsed without reaching the chain: editing resumes, and what the form kept is saved (below)
          underWayNow.current = false;
          setUnderWay(undefined);
          setResult(hasUnsaved() ? { kind: "dirty" } : { kind: "saved", at: new Date(), skipped: saved.current.skipped });
          action = freshnessAction({ ...facts, underWay: false, paused: false });
          if (action === "none" && hasUnsaved()) setRetryTick((tick) => tick + 1);
        }
        const savedAt = new Date(Number(fresh.capsule.updatedAt) * 1000);
        if (action === "pause" && fresh.submissionUnderWay) {
          const unsaved = hasUnsaved();
          underWayNow.current = true;
          setRefreshed(undefined);
          setUnderWay({ until: new Date(fresh.submissionUnderWay.until), unsaved });
          setResult(underWayResult(unsaved));
          problem.current = UNDER_WAY_PROBLEM;
        } else if (action === "end" && gone) {
          const unsaved = hasUnsaved();
          endedNow.current = true;
          underWayNow.current = false;
          setUnderWay(undefined);
          release();
          setRefreshed(undefined);
          // untouched, the form shows the version that went on (what the editors vote on); else it keeps its own text
          if (!unsaved) latest.current.onNewerVersion?.(draftFromCapsule(fresh));
          setEnded({ ...gone, unsaved });
          problem.current = ENDED_PROBLEM;
        } else if (action === "load") {
          latest.current.onNewerVersion?.(draftFromCapsule(fresh));
          adopt(fresh.draftRevision);
          setRefreshed({ where, at: savedAt });
        } else if (action === "hold") {
          hold({ where, at: savedAt, ...(fresh.draftRevision === undefined ? {} : { revision: fresh.draftRevision }) });
          setResult(heldResult(where, true));
        }
      } catch {
        // a read that fails (offline, signed out) changes nothing here; the next one tries again
      } finally {
        reading = false;
        const next = queued;
        queued = undefined;
        if (next && live) void read(next);
      }
    };
    readNow.current = read;
    const check = () => (document.visibilityState === "visible" ? read("elsewhere") : Promise.resolve());
    const timer = setInterval(() => void check(), FRESHNESS_CHECK_MS);
    const onShown = () => void check();
    document.addEventListener("visibilitychange", onShown);
    window.addEventListener("focus", onShown);
    return () => {
      live = false;
      readNow.current = async () => undefined;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onShown);
      window.removeEventListener("focus", onShown);
    };
  }, [capsuleId, sessionId, queryClient]);

  // While a submission under way elsewhere pauses the tab, it reads more often (a visible tab, as above), so that its
  // end is shown within seconds: the capsule submitted (the tab ends), or the voucher lapsed (editing resumes). The
  // fast reads stop with the pause.
  const pausedForSubmission = underWay !== undefined;
  useEffect(() => {
    if (!pausedForSubmission) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void readNow.current("elsewhere");
    }, UNDER_WAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [pausedForSubmission]);

  // Leaving by a link (this app navigates without unloading the page) while a save waits for the typing to stop: the
  // save is made now, not dropped with the page. A reload or a closed tab cannot wait for it, so the browser asks.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (!latest.current.paused && !endedNow.current && !underWayNow.current && latest.current.version !== saved.current.version) void saveNow();
    };
  }, [saveNow]);
  const unsaved = version !== savedVersion && !args.paused && !ended && !underWay;
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", beforeUnload);
    return () => window.removeEventListener("beforeunload", beforeUnload);
  }, [unsaved]);

  // once the capsule is no longer a draft that is all there is to say (a save answered since says only that, refused)
  const status: SaveStatus = ended
    ? { kind: "paused", message: endedStatus(ended, ended.unsaved) }
    : result.kind === "saved" && version !== savedVersion
      ? { kind: "dirty" }
      : result;
  // changes that no save in progress will keep: the last save failed or was refused, or the draft cannot be saved yet
  const stuck = version !== savedVersion && (result.kind === "error" || result.kind === "paused" || result.kind === "waiting");
  const leaveWarning = ended?.unsaved
    ? "Your changes in this tab were not saved: the draft was submitted or withdrawn elsewhere. Leave this page and lose them?"
    : underWay && version !== savedVersion
      ? "Your changes in this tab are not saved yet: the draft is being submitted elsewhere, and they would be saved only if that submission lapses. Leave this page and lose them?"
      : stuck && !ended
      ? "Your latest changes to this draft are not saved. Leave this page and lose them?"
      : undefined;
  /** Saves now; true when the whole draft is saved, else why not in words (for the submit panel). */
  const saveForSubmit = useCallback(async (): Promise<true | string> => ((await saveNow()) ? true : problem.current || "The draft could not be saved completely; submit again once it says “All changes saved”."), [saveNow]);
  /**
   * Saves now for the claims, which quote the saved body: true once the body on screen is the one the bridge holds,
   * even when another field was left out (an evidence link not fetched yet must not block marking a claim), else why not.
   */
  const saveForClaims = useCallback(async (): Promise<true | string> => {
    await saveNow();
    const now = latest.current;
    if (now.capsuleId && saved.current.version === now.version && !saved.current.skipped.includes("body")) return true;
    return saved.current.skipped.includes("body") && saved.current.version === now.version
      ? "the body has a problem (marked above), so it was not saved, and a claim quotes the saved body. Fix the body, then save the claim again."
      : "the draft’s latest text is not saved yet, and a claim quotes the saved body. Check the save status at the top of the page, then save the claim again.";
  }, [saveNow]);
  /** The revision the form's saved text is at: a submission names it, so the voucher commits to the text on screen. */
  const savedRevision = useCallback(() => revision.current, []);
  /**
   * A submission the bridge refused because the draft was saved elsewhere since (409 DRAFT_CHANGED): saving is held as
   * for a refused save, and the submit panel is given why in words; undefined for any other error.
   */
  const refusedSubmission = useCallback((error: unknown): string | undefined => {
    if (!heldByRefusal(error)) {
      // already submitted or withdrawn elsewhere (or being submitted): a read says which, at once, and the page then says so
      if (error instanceof ApiError && error.status === 409 && error.code === "INVALID_STATE") {
        ownSubmissionRefused.current = true;
        void readNow.current("elsewhere");
      }
      return undefined;
    }
    return "Not submitted: the draft was changed elsewhere since this page saved it. Choose which version to keep (above the form), then submit again.";
  }, []);
  /** The form holds changes of its own that the bridge does not (the notice's words depend on it). */
  const edited = version !== savedVersion || leftOut;
  /** This tab's own submit panel was given a voucher (its deadline, unix seconds): a submission under way with it is this tab's. */
  const submissionStarted = useCallback((deadline: string) => {
    ownVoucher.current = utcIso(deadline);
  }, []);
  const touch = () => {
    if (endedNow.current || underWayNow.current) return;
    setRefreshed(undefined);
    setVersion((v) => v + 1);
  };
  return { capsuleId, status, serverErrors, saveNow, saveForSubmit, saveForClaims, savedRevision, refusedSubmission, submissionStarted, leaveWarning, elsewhere, ended, underWay, edited, refreshed, keepMine, adopt, touch };
}

/** Why a submission cannot be made, once the capsule is no longer a draft. */
const ENDED_PROBLEM = "Not saved: the draft was submitted or withdrawn elsewhere (said above the form), so it can no longer be changed or submitted here.";

/** Why nothing is saved or submitted while a submission under way elsewhere pauses the tab. */
const UNDER_WAY_PROBLEM = "Not saved: this draft is being submitted from another tab or device (said above the form); editing resumes if that submission lapses.";

/** The save status while a submission under way elsewhere pauses the tab; `unsaved`: the form holds changes of its own, kept. */
const underWayResult = (unsaved: boolean): SaveStatus => ({
  kind: "paused",
  message: unsaved ? "Not saved yet: this draft is being submitted elsewhere; your changes here are kept." : "Saving paused: this draft is being submitted elsewhere.",
});

/** The save status once the capsule stopped being a draft elsewhere. */
const endedStatus = (gone: DraftEnded, unsaved: boolean) =>
  `${unsaved ? "Not saved" : "Saving stopped"}: this draft was ${gone.kind === "submitted" ? "submitted" : "withdrawn"} elsewhere.`;

/** The save status while saving waits for the writer's choice of version; `unsaved`: the form holds changes of its own. */
const heldResult = (where: SavedElsewhere["where"], unsaved: boolean): SaveStatus => ({
  kind: "paused",
  message: `${unsaved ? "Not saved" : "Saving stopped"}: this draft was ${where === "tab" ? "saved in another tab" : "changed elsewhere"}; choose below which version to keep.`,
});
