import http from "node:http";
import net from "node:net";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; body: unknown };

/**
 * One request with the path sent exactly as given (fetch would normalise `..` and refuse TRACE);
 * answers status, headers and the body (parsed when it is JSON).
 */
export function rawRequest(baseUrl: string, args: { method: string; path: string; headers?: Record<string, string>; body?: string }): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method: args.method, path: args.path, headers: { ...(args.body !== undefined ? { "content-type": "application/json", "content-length": Buffer.byteLength(args.body) } : {}), ...args.headers }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.setTimeout(60_000, () => request.destroy(new Error(`${args.method} ${args.path} timed out`)));
    if (args.body !== undefined) request.write(args.body);
    request.end();
  });
}

/**
 * Starts a POST that declares `declaredBytes` of body, sends only `sentBytes` of it, and waits for
 * the server's status line. Answers the status and how many body bytes had been sent when it came.
 */
export function answerBeforeBodyEnds(baseUrl: string, args: { path: string; declaredBytes: number; sentBytes: number; headers?: Record<string, string> }): Promise<{ status: number; bytesSent: number }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = "";
    let bytesSent = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("no answer before the body was complete"));
    }, 60_000);
    socket.on("connect", () => {
      const head = [`POST ${args.path} HTTP/1.1`, `Host: ${url.host}`, "Content-Type: application/json", `Content-Length: ${args.declaredBytes}`, ...Object.entries(args.headers ?? {}).map(([k, v]) => `${k}: ${v}`), "", ""].join("\r\n");
      socket.write(head);
      const chunk = Buffer.alloc(args.sentBytes, 0x61);
      socket.write(chunk, () => (bytesSent = args.sentBytes));
    });
    socket.on("data", (data: Buffer) => {
      received += data.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status: Number(match[1]), bytesSent });
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Distinct client addresses for X-Forwarded-For (the stacks trust the proxy header), so limits do not mix. */
export function addressBook(prefix: number) {
  let n = 0;
  return () => {
    n += 1;
    return { "x-forwarded-for": `10.${prefix}.${(n >> 8) & 255}.${n & 255}` };
  };
}

/** Fixed one-minute rate windows: start a counting test with at least `seconds` left in this minute. */
export async function roomInMinute(seconds: number): Promise<void> {
  const left = 60 - (Math.floor(Date.now() / 1000) % 60);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}

/** The seed's error body with this status. */
export function isErrorBody(body: unknown, status: number): boolean {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.ok === false && typeof b.error === "string" && typeof b.message === "string" && b.statusCode === status;
}
