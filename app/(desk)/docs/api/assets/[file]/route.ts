import { isSwaggerAsset, swaggerAsset } from "@/lib/docs/swagger-assets";

export const dynamic = "force-dynamic";

// GET /docs/api/assets/:file — the API reference's renderer (swagger-ui-dist), served from this app
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  if (!isSwaggerAsset(file)) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { bytes, contentType } = await swaggerAsset(file);
  return new Response(new Uint8Array(bytes), {
    headers: { "content-type": contentType, "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" },
  });
}
