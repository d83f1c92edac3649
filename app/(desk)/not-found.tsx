import type { Metadata } from "next";
import { headers } from "next/headers";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { countUnknownPath } from "@/lib/http/unknown-route";

export const metadata: Metadata = { title: "Page not found" };

// notFound() in a page of this group lands here, inside the group's layout, which already brings the
// header and <main>: only the message (app/not-found.tsx, for paths no route claims, brings a frame).
export default async function GroupNotFound() {
  const ip = (await headers()).get(CLIENT_IP_HEADER) ?? "unknown";
  await countUnknownPath(ip).catch(() => undefined);
  return <NotFoundMessage />;
}
