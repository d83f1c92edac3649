import { liveStream } from "@/features/live/stream.endpoint";
import { openLiveStream } from "@/features/live/live-stream";
import { endpointRoutes, serve } from "@/features/serve";

export const dynamic = "force-dynamic";

// GET /api/live — Server-Sent Events of committed projection changes (pages follow them instead of polling)
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(liveStream, async ({ request, signal }) => openLiveStream(request, signal)));
