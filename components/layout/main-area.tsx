import type { ReactNode } from "react";

// The skip link's target on every page: focusable by script (route focus), not a Tab stop.
export function MainArea({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-8 outline-none sm:px-6">
      {children}
    </main>
  );
}
