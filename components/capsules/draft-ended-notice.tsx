"use client";

import Link from "next/link";
import type { DraftState } from "@/features/capsules/draft-form";
import { formatTime } from "@/components/ui/capsule-format";
import { draftDifferences } from "./draft-conflict";
import type { DraftEndedElsewhere } from "./use-autosave";

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * The capsule stopped being a draft elsewhere (submitted from another device or tab, or withdrawn) while this page had
 * it open: saving has ended for good, and the page says so with the way to the capsule's page. When this tab held
 * changes of its own, they are said not to be saved, and each text that differs from the version that went on is
 * offered read-only here to be copied (the form's own fields are locked, and a locked field's text cannot be selected).
 * `mine`: the form as it stands; `theirs`: the capsule as read, once known.
 */
export function DraftEndedNotice(props: { capsuleId: string; ended: DraftEndedElsewhere; mine: DraftState; theirs: DraftState | undefined }) {
  const { capsuleId, ended } = props;
  const unsavedTexts = ended.unsaved && props.theirs ? draftDifferences(props.mine, props.theirs) : [];
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="draft-ended" data-kind={ended.kind}>
      <p>
        {ended.kind === "submitted" ? (
          <>
            <span className="font-semibold">This draft was submitted for the editors’ vote from another tab or device.</span>{" "}
            {ended.votingUntil ? <>Voting is open until {formatTime(seconds(ended.votingUntil))}. </> : null}
            It can no longer be changed here; the vote is on{" "}
            <Link href={`/capsules/${capsuleId}`} className="font-semibold underline">
              the capsule’s page
            </Link>
            .
          </>
        ) : (
          <>
            <span className="font-semibold">This draft was withdrawn{ended.at ? ` at ${formatTime(seconds(ended.at))}` : ""}</span> from another tab or device. It
            can no longer be changed or submitted;{" "}
            <Link href={`/capsules/${capsuleId}`} className="font-semibold underline">
              the capsule’s page
            </Link>{" "}
            shows it.
          </>
        )}
      </p>
      {ended.unsaved ? (
        <>
          <p className="mt-2 font-semibold" data-testid="draft-ended-unsaved">
            Your latest changes in this tab were not saved, and cannot be any more: copy them from below before leaving this page.
          </p>
          {unsavedTexts.length > 0 ? (
            <div className="mt-2 space-y-3">
              {unsavedTexts.map((d) => {
                const text = props.mine[d.field as keyof DraftState];
                return typeof text === "string" ? (
                  <div key={d.field}>
                    <label htmlFor={`draft-unsaved-${d.field}`} className="block font-medium first-letter:uppercase">
                      {d.name} in this tab
                    </label>
                    <textarea
                      id={`draft-unsaved-${d.field}`}
                      readOnly
                      rows={d.field === "body" ? 8 : 2}
                      value={text}
                      className="mt-1 w-full rounded-md border border-amber-300 bg-white px-3 py-2 text-sm text-ink"
                      data-testid="draft-unsaved-text"
                      data-field={d.field}
                    />
                  </div>
                ) : (
                  <p key={d.field} className="first-letter:uppercase">
                    {d.name}: changed in this tab (shown in the form below).
                  </p>
                );
              })}
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
