"use client";

import { useRef, useState } from "react";
import { useFocusOnMessage } from "@/components/ui/focus-on-message";
import { useCapsule } from "@/components/capsules/use-capsules";
import { useSetClaims } from "@/components/capsules/use-claims";
import { claimSelection, claimsToSave, claimToSave, evidenceKey, type ClaimDraft, type ClaimType } from "@/features/capsules/claims-form";
import { claimTypes } from "@/features/capsules/claims.schema";
import { SelectField, smallButton } from "@/components/ui/field";
import { ClaimList } from "./claim-list";
import { claimTypeLabel } from "@/components/ui/claim-type-labels";

// Claims of a saved draft: select words in the body, "Mark as claim", pick the evidence that
// supports it. The list is saved as a whole (POST /api/capsules/:id/claims) right after the draft
// itself, so the quote is checked against the body the server holds.
export function ClaimsEditor(props: { capsuleId: string | undefined; bodyId: string; body: string; locked: boolean; beforeSave: () => Promise<true | string> }) {
  if (!props.capsuleId) {
    return (
      <fieldset className="space-y-2" data-testid="claims-editor">
        <legend className="text-sm font-semibold text-stone-800">Claims</legend>
        <p className="text-sm text-stone-600">Claims can be marked once the draft is saved (give it a title and a body).</p>
      </fieldset>
    );
  }
  return <SavedDraftClaims {...props} capsuleId={props.capsuleId} />;
}

function SavedDraftClaims(props: { capsuleId: string; bodyId: string; body: string; locked: boolean; beforeSave: () => Promise<true | string> }) {
  const read = useCapsule(props.capsuleId).data;
  const save = useSetClaims(props.capsuleId, props.beforeSave);
  const [draft, setDraft] = useState<ClaimDraft | undefined>();
  const [kindError, setKindError] = useState<string | undefined>();
  const [hint, setHint] = useState<string | undefined>();
  // the new-claim form goes away when it is saved or cancelled, and with it the focus: a saved claim is said where the
  // focus lands (Tab goes on to the claim list), a cancelled one gives the focus back to "Mark as claim"
  const [savedNote, setSavedNote] = useState<string | undefined>();
  const savedBox = useFocusOnMessage<HTMLParagraphElement>(savedNote);
  const markButton = useRef<HTMLButtonElement>(null);
  const evidence = read?.evidence ?? [];

  function startMark() {
    setHint(undefined);
    setSavedNote(undefined);
    save.reset();
    const area = document.getElementById(props.bodyId);
    if (!(area instanceof HTMLTextAreaElement)) return;
    const quote = claimSelection(props.body, area.selectionStart, area.selectionEnd);
    if (!quote) {
      setHint("Select the words of the claim in the body first, then press “Mark as claim”.");
      area.focus();
      return;
    }
    setKindError(undefined);
    setDraft({ quote, claimType: "", evidenceKeys: [], note: "" });
  }

  const submit = (change: Parameters<typeof claimsToSave>[1], onDone?: () => void) =>
    save.mutate((latest) => (latest ? claimsToSave(latest, change) : []), { onSuccess: () => onDone?.() });

  return (
    <fieldset className="space-y-3" data-testid="claims-editor">
      <legend className="text-sm font-semibold text-stone-800">Claims</legend>
      <p className="text-sm text-stone-600">
        Mark each statement readers may check — a figure, a quote, an event — and pick the evidence that supports it. Select its words in the body, then mark it.
      </p>
      <button ref={markButton} type="button" className={smallButton} onClick={startMark} disabled={props.locked || save.isPending}>
        Mark as claim
      </button>
      {hint ? (
        <p role="status" className="text-sm text-amber-800" data-testid="claim-hint">
          {hint}
        </p>
      ) : null}

      {savedNote && !draft ? (
        <p ref={savedBox} tabIndex={-1} role="status" className="text-sm text-emerald-800 [overflow-wrap:anywhere]" data-testid="claim-saved">
          {savedNote}
        </p>
      ) : null}

      {draft ? (
        <div role="group" aria-labelledby="new-claim-title" className="space-y-3 rounded-md border border-stone-300 bg-stone-50 p-3" data-testid="new-claim">
          <p id="new-claim-title" className="text-sm font-semibold text-stone-800">
            New claim
          </p>
          <blockquote className="border-l-4 border-accent pl-3 font-serif text-ink" data-testid="new-claim-quote">
            “<bdi>{draft.quote.exact}</bdi>”
          </blockquote>
          <SelectField
            id="new-claim-type"
            className="max-w-xs"
            label="Kind of claim"
            required
            value={draft.claimType}
            error={kindError}
            onChange={(e) => {
              setKindError(undefined);
              setDraft({ ...draft, claimType: e.target.value as ClaimType | "" });
            }}
          >
            <option value="" disabled>
              Choose a kind
            </option>
            {claimTypes.map((type) => (
              <option key={type} value={type}>
                {claimTypeLabel[type]}
              </option>
            ))}
          </SelectField>
          <fieldset>
            <legend className="text-sm font-medium text-stone-800">Supporting evidence</legend>
            {evidence.length === 0 ? (
              <p className="mt-1 text-sm text-stone-600">No evidence is saved with this draft yet. Add it under Evidence; the claim is saved as unsupported until then.</p>
            ) : (
              <ul className="mt-1 space-y-1">
                {evidence.map((item) => {
                  const key = evidenceKey(item);
                  const checked = draft.evidenceKeys.includes(key);
                  return (
                    <li key={item.evidenceId}>
                      <label className="flex items-start gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="mt-1"
                          checked={checked}
                          onChange={() => setDraft({ ...draft, evidenceKeys: checked ? draft.evidenceKeys.filter((k) => k !== key) : [...draft.evidenceKeys, key] })}
                        />
                        <span className="break-words">{item.label}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </fieldset>
          <div>
            <label htmlFor="new-claim-note" className="block text-sm font-medium text-stone-800">
              Note for the desk (optional)
            </label>
            <input
              id="new-claim-note"
              value={draft.note}
              maxLength={1000}
              onChange={(e) => setDraft({ ...draft, note: e.target.value })}
              className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={smallButton}
              disabled={save.isPending}
              onClick={() => {
                const ready = claimToSave(draft);
                if (!ready.ok) {
                  setKindError(ready.message);
                  document.getElementById("new-claim-type")?.focus();
                  return;
                }
                const quote = draft.quote.exact;
                submit({ added: ready.claim }, () => {
                  setDraft(undefined);
                  setSavedNote(`Claim saved: “${quote.length > 80 ? `${quote.slice(0, 79)}…` : quote}”. Mark the next one the same way.`);
                });
              }}
            >
              {save.isPending ? "Saving…" : "Save claim"}
            </button>
            <button
              type="button"
              className="text-sm text-stone-600 underline"
              onClick={() => {
                setDraft(undefined);
                markButton.current?.focus();
              }}
              disabled={save.isPending}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      {save.isError ? (
        <p role="alert" className="text-sm text-red-700" data-testid="claims-error">
          The claims were not saved: {save.error.message}
        </p>
      ) : null}

      {read ? <ClaimList claims={read.claims} evidence={read.evidence} onRemove={props.locked ? undefined : (claimId) => submit({ removeId: claimId })} busy={save.isPending} /> : null}
    </fieldset>
  );
}
