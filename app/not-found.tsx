import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { ReaderFrame } from "@/components/layout/reader-frame";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { countUnknownPath } from "@/lib/http/unknown-route";

export const metadata: Metadata = { title: "Page not found" };

// Every page path no route claims ends here: it counts toward the client IP's public GET limit
// (probing for pages costs like reading the API). A page cannot answer 429, so over the limit it
// still answers this 404; the bridge's next read from that address gets the 429. (A root catch-all
// route would do the same but would also claim /ws, whose upgrades Next.js then refuses.)
// It renders under the root layout only (outside both route groups), so it brings the reading
// pages' header and <main> itself; notFound() in a reading page lands here too.
export default async function NotFound() {
  const ip = (await headers()).get(CLIENT_IP_HEADER) ?? "unknown";
  await countUnknownPath(ip).catch(() => undefined);
  return (
    <ReaderFrame>
      <div className="mx-auto max-w-xl space-y-4 py-12 text-center">
        <h1 className="font-serif text-3xl font-bold tracking-tight">Page not found</h1>
        <p className="text-stone-600">There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p>
          <Link href="/" className="text-accent underline">
            Back to the front page
          </Link>
        </p>
      </div>
    </ReaderFrame>
  );
}
