import { Skeleton } from "@/components/ui/skeleton";

export function PanelLoading() {
  return (
    <div className="space-y-2" aria-busy="true">
      <Skeleton className="block h-4 w-full" />
      <Skeleton className="block h-4 w-5/6" />
      <Skeleton className="block h-4 w-3/6" />
    </div>
  );
}
