import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

// Labelled inputs with their hint and message underneath, tied together for screen readers; shared by every form.

/** A disabled control (itself or by its fieldset) must not look like one that takes typing: grey, no white box. */
export const disabledLook = "disabled:cursor-not-allowed disabled:border-stone-200 disabled:bg-stone-100 disabled:text-stone-700";

const inputClass = (error?: string) =>
  `mt-1 w-full rounded-md border bg-white px-3 py-2 text-sm text-ink ${disabledLook} ${error ? "border-red-500" : "border-stone-300"}`;


function Described({ id, hint, error, children }: { id: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700 [overflow-wrap:anywhere]" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, hint?: ReactNode, error?: string) => [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

/** A labelled control with its hint and error wired to it for screen readers. */
function FieldFrame({ id, label, hint, error, className, children }: { id: string; label: string; hint?: ReactNode; error?: string; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <Described id={id} hint={hint} error={error}>
        {children}
      </Described>
    </div>
  );
}

export function TextField(props: { id: string; label: string; hint?: ReactNode; error?: string; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const { id, label, hint, error, className = "", ...input } = props;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={inputClass(error)} {...input} />
    </FieldFrame>
  );
}

export function TextArea(props: { id: string; label: string; hint?: ReactNode; error?: string; className?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const { id, label, hint, error, className = "", ...input } = props;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={inputClass(error)} {...input} />
    </FieldFrame>
  );
}

export function SelectField(props: { id: string; label: string; hint?: ReactNode; error?: string; className?: string; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "children">) {
  const { id, label, hint, error, className = "", children, ...select } = props;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={inputClass(error)} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export const smallButton = "inline-flex min-h-11 items-center justify-center rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50";
export const primaryButton = "rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-stone-800 disabled:opacity-50";

/** The look of a file picker: a button like the others (the browser's own "Choose File · No file chosen" ignores the app's styles). */
export const fileButton = `${smallButton} cursor-pointer has-disabled:cursor-not-allowed has-disabled:opacity-50 focus-within:outline focus-within:outline-2 focus-within:outline-accent`;

/**
 * A file input shown as a button: the label is the button, the input inside it is visually hidden but
 * keeps its accessible name (`aria-label`) and the keyboard focus (outlined on the button).
 */
export function FileButton(props: { children: ReactNode; "aria-label": string; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className" | "children">) {
  const { children, ref, ...input } = props;
  return (
    <label className={fileButton}>
      {children}
      <input ref={ref} type="file" className="sr-only" {...input} />
    </label>
  );
}
