import { Skeleton } from "@/components/ui/skeleton";

/** A panel's placeholder while its read is under way: a busy status region named for what it reads. */
export function PanelLoading({ label = "Loading" }: { label?: string }) {
  return (
    <div className="space-y-2" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="block h-4 w-full" />
      <Skeleton className="block h-4 w-5/6" />
      <Skeleton className="block h-4 w-3/6" />
    </div>
  );
}
