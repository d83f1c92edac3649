import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import getAbsoluteFSPath from "swagger-ui-dist/absolute-path.js";

// The API reference's renderer, served from the installed swagger-ui-dist package (nothing is
// fetched from elsewhere). Only these files are served; each is read once per process.
const assets = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

export type SwaggerAsset = keyof typeof assets;
const cache = new Map<SwaggerAsset, Buffer>();

export const isSwaggerAsset = (name: string): name is SwaggerAsset => Object.hasOwn(assets, name);

export async function swaggerAsset(name: SwaggerAsset): Promise<{ bytes: Buffer; contentType: string }> {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = await readFile(path.join(getAbsoluteFSPath(), name));
    cache.set(name, bytes);
  }
  return { bytes, contentType: assets[name] };
}
