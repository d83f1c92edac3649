import type { TOutlet } from "@/features/outlets/outlets.schema";
import { outletStatusStyle } from "./outlet-labels";

export function OutletStatusBadge({ status }: { status: TOutlet["status"] }) {
  const style = outletStatusStyle[status];
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${style.className}`} data-testid="outlet-status">
      {style.label}
    </span>
  );
}
