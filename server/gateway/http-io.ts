import type { IncomingMessage, ServerResponse } from "node:http";

// Reading a capped request body and writing JSON answers for the HTTP gateway.
export const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "600",
};

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...corsHeaders,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(text);
}

export class BodyTooLarge extends Error {}

/** The body as UTF-8 text; rejects with BodyTooLarge past maxBytes (declared or actual). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      return reject(new BodyTooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        chunks.length = 0;
        return reject(new BodyTooLarge());
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) resolve(Buffer.concat(chunks).toString("utf8"));
      done = true;
    });
    req.on("error", (error) => {
      if (!done) reject(error);
      done = true;
    });
  });
}

export function isJsonContentType(req: IncomingMessage): boolean {
  const value = req.headers["content-type"];
  return typeof value === "string" && value.split(";")[0]?.trim().toLowerCase() === "application/json";
}
