import Link from "next/link";
import type { ReactNode } from "react";

// The body of every "Page not found": the App Router's (app/not-found.tsx), the article page's, and
// the pages about one subject (a court case, an outlet) that name what is missing and lead to its list.
export function NotFoundMessage({
  title = "Page not found",
  children = "There is no page at this address. It may have moved, or the link may be mistyped.",
  back = { href: "/", label: "Back to the front page" },
}: {
  title?: string;
  children?: ReactNode;
  back?: { href: string; label: string };
}) {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-12 text-center" data-testid="not-found">
      <h1 className="font-serif text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
      <p className="text-stone-600 [overflow-wrap:anywhere]">{children}</p>
      <p>
        <Link href={back.href} className="inline-flex min-h-11 items-center text-accent underline">
          {back.label}
        </Link>
      </p>
    </div>
  );
}
