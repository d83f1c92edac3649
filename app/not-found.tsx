import type { Metadata } from "next";
import { headers } from "next/headers";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { ReaderFrame } from "@/components/layout/reader-frame";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { countUnknownPath } from "@/lib/http/unknown-route";

export const metadata: Metadata = { title: "Page not found" };

// Every page path no route claims ends here: it counts toward the client IP's public GET limit
// (probing for pages costs like reading the API). A page cannot answer 429, so over the limit it
// still answers this 404; the bridge's next read from that address gets the 429. (A root catch-all
// route would do the same but would also claim /ws, whose upgrades Next.js then refuses.)
// It renders under the root layout only (outside both route groups), so it brings the reading
// pages' header and <main> itself; notFound() inside a group lands in that group's not-found.tsx.
export default async function NotFound() {
  const ip = (await headers()).get(CLIENT_IP_HEADER) ?? "unknown";
  await countUnknownPath(ip).catch(() => undefined);
  return (
    <ReaderFrame>
      <NotFoundMessage />
    </ReaderFrame>
  );
}
