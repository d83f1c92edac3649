import Link from "next/link";
import { WalletControl } from "@/components/wallet/wallet-control";

const links = [
  { href: "/", label: "Network" },
  { href: "/newsroom", label: "Newsroom" },
  { href: "/outlets", label: "Outlets" },
  { href: "/court", label: "Court" },
  { href: "/distribution", label: "Distribution" },
  { href: "/rights", label: "Rights" },
  { href: "/bounties", label: "Bounties" },
  { href: "/burn", label: "Burn pool" },
  { href: "/operator", label: "Operator" },
];

export function SiteHeader() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link href="/" className="font-serif text-xl font-bold tracking-tight text-ink">
            Capsule <span className="font-sans text-sm font-normal text-stone-500">newsroom</span>
          </Link>
          <nav aria-label="Main" className="flex flex-wrap gap-1 text-sm">
            {links.map((link) => (
              <Link key={link.href} href={link.href} className="rounded px-2 py-1.5 text-stone-700 hover:bg-stone-100 hover:text-ink">
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
        <WalletControl />
      </div>
    </header>
  );
}
