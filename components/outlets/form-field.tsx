import type { InputHTMLAttributes } from "react";

// A labelled input with its validation message underneath, tied together for screen readers.
export function FormField(props: { id: string; label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { id, label, hint, error, className = "", ...input } = props;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 w-full rounded-md border bg-white px-3 py-2 text-sm text-ink ${error ? "border-red-500" : "border-stone-300"}`}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700 [overflow-wrap:anywhere]">
          {error}
        </p>
      ) : null}
    </div>
  );
}
