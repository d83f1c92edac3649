import { headers } from "next/headers";
import { MissingOutlet } from "@/components/layout/missing-subject";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { countUnknownPath } from "@/lib/http/unknown-route";

// notFound() on this page lands here rather than in the group's not-found.tsx: "No outlet …" with a link to
// the list, still answered with 404 and counted toward the client IP's public GET limit like any miss.
export default async function SubjectNotFound() {
  const ip = (await headers()).get(CLIENT_IP_HEADER) ?? "unknown";
  await countUnknownPath(ip).catch(() => undefined);
  return <MissingOutlet />;
}
