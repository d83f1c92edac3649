import Link from "next/link";

/** The "← Place" link above a page's title, leading back to the list or page it belongs to. */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <p className="text-sm">
      <Link href={href} className="inline-flex min-h-11 items-center text-stone-500 hover:text-ink">
        ← {children}
      </Link>
    </p>
  );
}
