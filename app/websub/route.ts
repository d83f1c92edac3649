import { serveHubRequest } from "@/features/reader/hub-route";

export const dynamic = "force-dynamic";

// POST /websub — the WebSub hub of the service's feeds (subscribe, unsubscribe).
export const POST = serveHubRequest;
