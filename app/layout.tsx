import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import { RouteFocus } from "@/components/layout/route-focus";
import { SkipLink } from "@/components/layout/skip-link";

export const metadata: Metadata = {
  title: { default: "Capsule newsroom", template: "%s · Capsule" },
  description: "Newsroom governance: drafts, weighted editorial votes, on-chain finalization and integrity labels.",
};

// The frame every page shares, and nothing that needs a wallet: the reading pages ((reader)) stay
// free of the wallet and query providers, which only the desk's layout ((desk)) mounts
// (docs/DECISIONS.md, "Reading pages without the wallet stack").
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans antialiased">
        <SkipLink />
        {children}
        <RouteFocus />
      </body>
    </html>
  );
}
