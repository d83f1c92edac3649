import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { releaseCompressionStream } from "next/dist/server/lib/release-compression-stream";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const require = createRequire(import.meta.url);

/**
 * The gzip Next.js applies to every answer when `compress` is on (its router server runs this
 * same middleware, `next/dist/compiled/compression`, on each request): answers written outside
 * Next get the same negotiation, threshold and headers (Content-Encoding, Vary: Accept-Encoding).
 */
export function nextCompression(): (req: IncomingMessage, res: ServerResponse) => void {
  const compress = (require("next/dist/compiled/compression") as () => Middleware)();
  return (req, res) => {
    compress(req, res, () => {});
    // as Next does: a client that leaves mid-answer would otherwise pin the zlib stream
    res.once("close", () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
  };
}
