import Link from "next/link";
import { SiteNav } from "./site-nav";

// The reading pages' header: the same brand and navigation as the desk, but a plain "Sign in" link
// to the newsroom instead of the wallet menu, so a reader downloads no wallet code.
// At every width below 1280 px the row is brand … Sign in, Menu (Menu at the right edge, as on the
// desk; on a phone it once sat alone in the middle of the bar).
export function ReaderHeader() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-6 sm:px-6">
        <Link href="/" className="order-1 inline-flex min-h-11 items-center gap-1 font-serif text-xl font-bold tracking-tight text-ink xl:order-none">
          Capsule <span className="hidden font-sans text-sm font-normal text-stone-500 sm:inline">newsroom</span>
        </Link>
        <SiteNav prefetch={false} />
        <div className="order-1 ml-auto flex items-center gap-2 xl:order-none">
          <Link href="/newsroom" prefetch={false} className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-3 text-sm font-medium text-ink hover:bg-stone-100" data-testid="reader-sign-in">
            Sign in
          </Link>
        </div>
      </div>
    </header>
  );
}
