import { formatClockTime } from "@/components/ui/capsule-format";
import type { SaveStatus } from "./use-autosave";
import { fieldList } from "./draft-field-names";

// The autosave state in words: saving, saved (and what was left out), waiting, paused or failed.
export function SaveIndicator({ save, onRetry }: { save: SaveStatus; onRetry: () => void }) {
  const partial = save.kind === "saved" && save.skipped.length > 0;
  const text =
    save.kind === "saving"
      ? "Saving…"
      : save.kind === "dirty"
        ? "Unsaved changes; saving in a moment…"
        : save.kind === "saved"
          ? partial
            ? `Saved ${formatClockTime(save.at)}, except ${fieldList(save.skipped)}: fix the marked fields`
            : `All changes saved ${formatClockTime(save.at)}`
          : save.kind === "error"
            ? `Not saved: ${save.message}`
            : save.message;
  const tone =
    save.kind === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : partial || save.kind === "paused"
        ? "border-amber-300 bg-amber-50 text-amber-950"
        : save.kind === "saved"
          ? "border-emerald-300 bg-emerald-50 text-emerald-900"
          : "border-stone-300 bg-white text-stone-700";
  return (
    <div className={`w-full max-w-md rounded-md border px-3 py-1.5 text-sm sm:w-auto ${tone}`}>
      <span role="status" aria-live="polite" data-testid="autosave-status" data-state={partial ? "partial" : save.kind}>
        {text}
      </span>
      {save.kind === "error" ? (
        <button type="button" onClick={onRetry} className="ml-2 underline">
          Retry
        </button>
      ) : null}
    </div>
  );
}
