import type { ReactNode } from "react";

/**
 * The heading of a <details>: a row centred in its 44 px touch target that shows, with the triangle `disclosure` draws
 * (app/globals.css; a flex row loses the browser's own), that it opens. One place for both, so a folded section
 * cannot lose its triangle to its layout again.
 */
export function FoldedSummary({ className, children }: { className?: string; children: ReactNode }) {
  return <summary className={`disclosure flex min-h-11 cursor-pointer items-center${className ? ` ${className}` : ""}`}>{children}</summary>;
}
