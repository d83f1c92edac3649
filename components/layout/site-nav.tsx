"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { MENU_CLOSE_ICON, MENU_OPEN_ICON } from "@/components/ui/menu-icons";

const links = [
  { href: "/network", label: "Network" },
  { href: "/newsroom", label: "Newsroom" },
  { href: "/outlets", label: "Outlets" },
  { href: "/bonds", label: "Bonds" },
  { href: "/court", label: "Court" },
  { href: "/distribution", label: "Distribution" },
  { href: "/rights", label: "Rights" },
  { href: "/bounties", label: "Bounties" },
  { href: "/burn", label: "Burn pool" },
  { href: "/operator", label: "Operator" },
];

const isCurrent = (pathname: string, href: string) => (href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`));

// The main navigation. From 1280 px up the links are always shown; below, a "Menu" disclosure button
// (aria-expanded) shows them as a list: Escape closes it and returns focus to the button, and it
// closes when a link is followed or focus leaves it. The reading pages pass prefetch={false}: a
// prefetched desk page would bring the desk layout's wallet chunks along. On the article page
// (pages/read, no React in the browser) components/reader/islands/site-menu.ts drives the same markup.
export function SiteNav({ prefetch }: { prefetch?: false }) {
  const pathname = usePathname() ?? ""; // null outside a router
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [pathname]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !container.current?.contains(next)) setOpen(false);
  };

  return (
    <div ref={container} className="contents" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="site-nav"
        onClick={() => setOpen(!open)}
        className="order-2 inline-flex items-center gap-2 rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-ink hover:bg-stone-100 sm:order-3 xl:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d={open ? MENU_CLOSE_ICON : MENU_OPEN_ICON} />
        </svg>
        Menu
      </button>
      <nav id="site-nav" aria-label="Main" className={`order-4 w-full xl:order-none xl:block xl:w-auto xl:flex-1 ${open ? "block" : "hidden"}`}>
        <ul className="flex flex-col gap-1 border-t border-stone-200 pt-2 text-sm xl:flex-row xl:flex-wrap xl:border-0 xl:pt-0">
          {links.map((link) => {
            const current = isCurrent(pathname, link.href);
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  prefetch={prefetch}
                  aria-current={current ? "page" : undefined}
                  className={`flex min-h-11 items-center rounded px-2 hover:bg-stone-100 hover:text-ink xl:px-1.5 ${current ? "font-semibold text-ink" : "text-stone-700"}`}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
