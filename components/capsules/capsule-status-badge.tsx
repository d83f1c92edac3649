import { capsuleStatusStyle } from "@/components/ui/capsule-format";

/** `label` replaces the status's own words where the page knows more (a correction under vote, see ./version-standing). */
export function CapsuleStatusBadge({ status, label }: { status: string; label?: string }) {
  const style = capsuleStatusStyle[status] ?? { label: status, className: "bg-stone-100 text-stone-800" };
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${style.className}`} data-testid="capsule-status">
      {label ?? style.label}
    </span>
  );
}
