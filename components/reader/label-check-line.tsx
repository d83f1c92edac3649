"use client";

import { useEffect, useState } from "react";
import { integrityLabels, type IntegrityLabel } from "@/features/capsules/integrity-labels";
import type { TLabelProof } from "@/features/reader/label-basis";
import { checkLabel, type LabelCheck, type LabelNode } from "@/features/reader/label-check";

// Part of the finalization island: the integrity label the page shows, checked in the reader's browser against the
// node they chose, by the same check as `npm run verify` (features/reader/label-check.ts).

export type LabelState = { check?: LabelCheck; error?: string };

/** A label key as readers read it (a key this page does not know reads as itself). */
export const titleOf = (label: string) => integrityLabels[label as IntegrityLabel]?.title ?? label;

/**
 * The label check against `node` (the one at `rpcUrl`), once the node has given this version's finalization block; a
 * newer node discards an older answer.
 */
export function useLabelCheck(input: { label: TLabelProof | null; shownLabel: string; capsuleId: string; registry: string | undefined; rpcUrl: string | undefined; node: LabelNode | undefined; attempt: number }): LabelState {
  const { label, shownLabel, capsuleId, registry, rpcUrl, node, attempt } = input;
  const key = label && registry && rpcUrl && node ? `${rpcUrl} ${attempt}` : undefined;
  const [state, setState] = useState<LabelState & { key?: string }>({});
  useEffect(() => {
    if (!label || !registry || !rpcUrl || !node) return;
    let current = true;
    const answered = `${rpcUrl} ${attempt}`;
    if (label.value !== shownLabel) {
      const problem = `this page shows “${titleOf(shownLabel)}”, but its record of the label is for “${titleOf(label.value)}”`;
      setState({ check: { outcome: "failed", detail: problem, problem }, key: answered });
      return;
    }
    checkLabel(node, label, capsuleId, registry).then(
      (check) => current && setState({ check, key: answered }),
      (error: unknown) => current && setState({ error: error instanceof Error ? error.message.split("\n")[0] : "the node did not answer", key: answered }),
    );
    return () => {
      current = false;
    };
  }, [label, shownLabel, capsuleId, registry, rpcUrl, node, attempt]);
  return key !== undefined && state.key === key ? state : {};
}

/** The chain fact a label follows from, in a reader's words (a clean label and one set with no chain event have lines of their own). */
function sourceOf(basis: Exclude<TLabelProof["basis"], { kind: "none" | "operator" }>): string {
  switch (basis.kind) {
    case "juryCaseOpened":
      return `JuryCourt case ${basis.caseId}, opened in block ${basis.log.blockNumber}`;
    case "juryFinding":
      return `the final finding of JuryCourt case ${basis.caseId}, in block ${basis.log.blockNumber}`;
    case "authorRevision":
      return `the author’s ${basis.capsuleType}, capsule #${basis.capsuleId}, finalized in block ${basis.log.blockNumber}`;
  }
}

const endedNote = (label: TLabelProof) =>
  label.endedWithoutFinding.length === 0 ? "" : `; case ${label.endedWithoutFinding.map((c) => c.caseId).join(", ")} ended without a finding and changed nothing`;

export function LabelCheckLine({ label, state, rpcLabel, overdue = false }: { label: TLabelProof | null; state: LabelState; rpcLabel: string; overdue?: boolean }) {
  if (!label) {
    return (
      <li className="text-stone-600" data-testid="label-check" data-outcome="unavailable">
        – The integrity label could not be checked: this page carries no record of what it follows from.
      </li>
    );
  }
  const title = titleOf(label.value);
  if (state.error !== undefined) {
    return (
      <li className="break-words text-red-800" data-testid="label-check" data-outcome="error">
        ✖ Could not check the label “{title}” against {rpcLabel}: {state.error}.
      </li>
    );
  }
  const check = state.check;
  if (!check) {
    return overdue ? (
      <li className="break-words text-amber-900" data-testid="label-check" data-outcome="overdue">
        – The label “{title}” is not checked yet: {rpcLabel} has not answered.
      </li>
    ) : (
      <li className="text-stone-600" data-testid="label-check" data-outcome="checking">
        Checking the label “{title}”…
      </li>
    );
  }
  if (check.outcome === "failed") {
    return (
      <li className="break-words text-red-800" data-testid="label-check" data-outcome="failed">
        ✖ The label “{title}” does not follow from the chain record (read from {rpcLabel}): {check.problem}.
      </li>
    );
  }
  if (label.basis.kind === "operator") {
    return (
      <li className="break-words text-stone-700" data-testid="label-check" data-outcome="operator">
        – The label “{title}” could not be checked on chain: this site set it ({label.basis.reason}) with no event on chain to read. Nothing later on chain changes it (read from {rpcLabel}).
      </li>
    );
  }
  if (label.basis.kind === "none") {
    return (
      <li className="break-words text-emerald-800" data-testid="label-check" data-outcome="checked">
        ✓ The label “{title}” holds: {label.juryCourt ? "the chain records no jury case on this article" : "no jury court is deployed, so no case can have been opened"}
        {endedNote(label)} (read from {rpcLabel}).
      </li>
    );
  }
  const later = label.juryCourt ? "; no later case on this article" : "";
  return (
    <li className="break-words text-emerald-800" data-testid="label-check" data-outcome="checked">
      ✓ The label “{title}” follows from {sourceOf(label.basis)}
      {later}
      {endedNote(label)} (read from {rpcLabel}).
    </li>
  );
}
