import type { Metadata } from "next";
import { connection } from "next/server";
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
// Rendered for each request: the page's scripts carry the request's CSP nonce (lib/http/content-security-policy.ts),
// which a page prerendered at build time could not.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
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
