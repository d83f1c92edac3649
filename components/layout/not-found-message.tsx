import Link from "next/link";

// The body of every "Page not found": the App Router's (app/not-found.tsx) and the article page's.
export function NotFoundMessage({ children = "There is no page at this address. It may have moved, or the link may be mistyped." }: { children?: string }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-12 text-center">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-stone-600">{children}</p>
      <p>
        <Link href="/" className="text-accent underline">
          Back to the front page
        </Link>
      </p>
    </div>
  );
}
