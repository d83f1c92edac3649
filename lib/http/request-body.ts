import "server-only";
import { AppError } from "@/lib/errors/app-error";

const tooLarge = (maxBytes: number) => new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${maxBytes} bytes`);

/** A request's or a fetched response's body with its headers. */
type WithBody = Pick<Request, "headers" | "body">;

/** The declared length alone can refuse a body before a byte of it is read. */
export function refuseDeclaredOversize(request: WithBody, maxBytes: number): void {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
}

/** Reads the body as UTF-8, at most `maxBytes` (a chunked body is stopped as soon as it passes the cap). */
export async function readBody(request: WithBody, maxBytes: number): Promise<string> {
  refuseDeclaredOversize(request, maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  const buffer = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    buffer.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Request body is not valid UTF-8", { issues: [{ path: "(body)", message: "invalid UTF-8" }] });
  }
}

export function parseJson(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Request body is not valid JSON", { issues: [{ path: "(body)", message: "malformed JSON" }] });
  }
}
