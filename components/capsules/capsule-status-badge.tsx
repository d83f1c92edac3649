import { capsuleStatusStyle } from "@/components/ui/capsule-format";

export function CapsuleStatusBadge({ status }: { status: string }) {
  const style = capsuleStatusStyle[status] ?? { label: status, className: "bg-stone-100 text-stone-800" };
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${style.className}`} data-testid="capsule-status">
      {style.label}
    </span>
  );
}
