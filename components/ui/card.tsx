import type { ReactNode } from "react";

/** `id`: a place on the page a link can jump to (its top stays clear of the window's edge). */
export function Card({ title, children, className = "", id }: { title?: string; children: ReactNode; className?: string; id?: string }) {
  return (
    <section id={id} className={`min-w-0 scroll-mt-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm ${className}`}>
      {title ? <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-500">{title}</h2> : null}
      {children}
    </section>
  );
}
