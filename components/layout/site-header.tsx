import Link from "next/link";
import { WalletControl } from "@/components/wallet/wallet-control";
import { InboxLink } from "@/components/inbox/inbox-link";
import { SiteNav } from "./site-nav";

// From 1280 px: brand, links and the wallet in one row. From 640 px (a tablet at 768, a small laptop at
// 1024-1279): brand, wallet and the Menu button in one row, the links (when opened) under it; ten links
// and a signed-in wallet do not fit one row there (they wrapped into four rows at 768 and two at 1024).
// Below 640 px: brand and the Menu button, the wallet under them, the links (when opened) under that;
// nothing wider than the screen.
export function SiteHeader() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 xl:max-w-7xl">
        <Link href="/" className="order-1 inline-flex min-h-11 items-center gap-1 font-serif text-xl font-bold tracking-tight text-ink xl:order-none">
          Capsule <span className="font-sans text-sm font-normal text-stone-500 xl:hidden 2xl:inline">newsroom</span>
        </Link>
        <SiteNav />
        <div className="order-3 flex w-full flex-wrap items-center gap-2 sm:order-2 sm:ml-auto sm:w-auto xl:order-none">
          <InboxLink />
          <WalletControl />
        </div>
      </div>
    </header>
  );
}
