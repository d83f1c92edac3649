// One line of news under a form: `status` (busy, done: read out politely) or `alert` (a refusal or an error).
// Renders nothing without text.

type Props = { text: string | null | undefined; className?: string; testId?: string; as?: "p" | "span" };

export function StatusLine({ text, className = "text-sm text-stone-600", testId, as: Tag = "p" }: Props) {
  if (!text) return null;
  return (
    <Tag role="status" className={className} data-testid={testId}>
      {text}
    </Tag>
  );
}

/** The one look of a form's refusal or error (every outlet form uses it; field errors sit under their field, components/ui/field.tsx). */
export const ALERT_LINE_CLASS = "text-sm text-red-700 [overflow-wrap:anywhere]";

export function AlertLine({ text, className = ALERT_LINE_CLASS, testId, as: Tag = "p" }: Props) {
  if (!text) return null;
  return (
    <Tag role="alert" className={className} data-testid={testId}>
      {text}
    </Tag>
  );
}
