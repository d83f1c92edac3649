import { AppError } from "@/lib/errors/app-error";
import { errorResponse } from "@/lib/http/json";

export const dynamic = "force-dynamic";

// Any /api path no route claims: the seed's error shape instead of Next's HTML 404.
function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return errorResponse(new AppError("NOT_FOUND", `No bridge route at ${request.method} ${path}`));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
