"use client";

import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { TCapsuleResponse } from "@/features/capsules/capsules.schema";
import { draftFromCapsule, type DraftState } from "@/features/capsules/draft-form";
import type { BrowserSession } from "@/lib/api/browser-session";
import { smallButton } from "@/components/ui/field";
import { WordDiffView } from "@/components/reader/word-diff-view";
import { FoldedSummary } from "@/components/ui/folded-summary";
import { formatClockTime } from "@/components/ui/capsule-format";
import { capsuleQuery } from "./use-capsules";
import { draftDifferences } from "./draft-conflict";
import type { SavedElsewhere } from "./use-autosave";

const wordCount = (n: number) => `${n.toLocaleString("en-GB")} word${n === 1 ? "" : "s"}`;
/** "4 words only there, 1 word only here", leaving out a side with none ("differs in spacing" when both have none). */
const wordsApart = (there: number, here: number) =>
  [there > 0 ? `${wordCount(there)} only there` : "", here > 0 ? `${wordCount(here)} only here` : ""].filter(Boolean).join(", ") || "differs in spacing or punctuation";

/**
 * The draft was saved elsewhere since the version this form holds (another tab of this browser, or the bridge refused
 * the save: 409 DRAFT_CHANGED). Saving has stopped; this says when, reads the version saved there to show what differs,
 * and offers the two ways on: take that version (what was typed here is dropped), or keep this one (saved over it).
 * `edited`: this tab holds changes of its own the bridge does not; without any, nothing here would be lost by loading
 * the version saved there, and the words say so rather than speak of unsaved changes.
 */
export function SavedElsewhereNotice(props: {
  capsuleId: string;
  session: BrowserSession | undefined;
  news: SavedElsewhere;
  mine: DraftState;
  edited: boolean;
  onLoad: (state: DraftState, revision: number | undefined) => void;
  onKeep: (revision: number | undefined) => void;
}) {
  const { capsuleId, session, news } = props;
  const queryClient = useQueryClient();
  const [theirs, setTheirs] = useState<TCapsuleResponse | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const read = () => queryClient.fetchQuery({ ...capsuleQuery(capsuleId, session), staleTime: 0 });

  // the version saved there, read once per news, for what differs; the choice does not wait for it
  useEffect(() => {
    let live = true;
    setTheirs(undefined);
    read().then(
      (fresh) => live && setTheirs(fresh),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [news]); // once per news: a later save there (a keep refused again) brings new news

  async function load() {
    setLoadError(undefined);
    try {
      const fresh = await read();
      props.onLoad(draftFromCapsule(fresh), fresh.draftRevision);
    } catch (error) {
      setLoadError(`The version saved there could not be loaded: ${error instanceof Error ? error.message : "the server did not answer"}`);
    }
  }

  const differences = theirs ? draftDifferences(props.mine, draftFromCapsule(theirs)) : undefined;
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="draft-other-tab" data-where={news.where}>
      {!props.edited ? (
        <p>
          <span className="font-semibold">
            This draft was {news.where === "tab" ? "saved in another tab or window" : "changed elsewhere"} at {formatClockTime(news.at)}
          </span>
          {news.where === "tab" ? "" : " (another browser, device or session)"}, after this page opened it. Nothing was changed in this tab since, so nothing here is
          lost: load the version saved there to carry on from it. Saving has stopped until you choose; keeping this tab’s version instead replaces that one with
          the text shown here.
        </p>
      ) : news.where === "tab" ? (
        <p>
          <span className="font-semibold">This draft was saved in another tab or window at {formatClockTime(news.at)}.</span> This tab has stopped saving, so it does not put
          its older fields over that version. Load the version saved there (what you typed here since is dropped), or keep this tab’s version, which then
          replaces it.
        </p>
      ) : (
        <p>
          <span className="font-semibold">This draft was changed elsewhere at {formatClockTime(news.at)}</span> (another browser, device or session), after this page
          opened it. Your latest changes here are not saved, and saving has stopped so they do not replace that version unseen. Load the version saved there
          (what you typed here since is dropped), or keep this tab’s version, which then replaces it.
        </p>
      )}
      {differences === undefined ? null : differences.length === 0 ? (
        <p className="mt-2" data-testid="draft-differences">
          The version saved there holds the same as this tab.
        </p>
      ) : (
        <details className="mt-1" data-testid="draft-differences">
          <FoldedSummary className="font-medium">What differs there: {differences.map((d) => d.name).join(", ")}</FoldedSummary>
          <p>Words only in the version saved there are underlined; words only in this tab are struck through.</p>
          <dl className="mt-2 space-y-3">
            {differences.map((d) => (
              <div key={d.field} data-testid="draft-difference" data-field={d.field}>
                <dt className="font-semibold first-letter:uppercase">
                  {d.name}:{" "}
                  <span className="font-normal">{d.words ? wordsApart(d.words.added, d.words.removed) : "differs (not compared word by word)"}</span>
                </dt>
                {d.words ? (
                  <dd className="mt-1 max-h-64 overflow-y-auto">
                    <WordDiffView changes={d.words.changes} testId={`draft-diff-${d.field}`} />
                  </dd>
                ) : null}
              </div>
            ))}
          </dl>
        </details>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={smallButton} onClick={() => void load()}>
          Load the version saved there
        </button>
        <button type="button" className={smallButton} onClick={() => props.onKeep(theirs?.draftRevision ?? news.revision)}>
          Keep this tab’s version
        </button>
      </div>
      {loadError ? <p className="mt-2 text-red-800">{loadError}</p> : null}
    </div>
  );
}
