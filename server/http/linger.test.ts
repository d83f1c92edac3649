import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { lingerAfterEarlyAnswer, type LingerLimits } from "./linger";

// A server that answers 413 from the declared length without reading the body, as the route
// wrapper does, and a client that is still sending when the answer comes (Connection: close).

const ANSWER = JSON.stringify({ ok: false, error: "PAYLOAD_TOO_LARGE", message: "Request body exceeds 1024 bytes", statusCode: 413 });
const servers: http.Server[] = [];

async function earlyAnsweringServer(limits: LingerLimits | undefined): Promise<number> {
  const server = http.createServer((req, res) => {
    if (limits) lingerAfterEarlyAnswer(req, limits);
    res.writeHead(413, { "content-type": "application/json", "content-length": Buffer.byteLength(ANSWER) });
    res.end(ANSWER);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

type Upload = { answer: string; sent: number; writeError?: string; closedAfterMs: number };

/** Sends `chunks` × 64 KiB, one every `gapMs`, after a head declaring all of them; stops at the first error. */
function slowUpload(port: number, args: { declaredChunks: number; chunks: number; gapMs: number }): Promise<Upload> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const started = Date.now();
  return new Promise((resolve) => {
    // half-open: like an HTTP client, it goes on sending after the server's answer and FIN
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    let sent = 0;
    let writeError: string | undefined;
    socket.on("data", (data: Buffer) => (answer += data.toString("latin1")));
    // the server closed its side: close ours once done sending (an HTTP client sends its whole body)
    socket.on("end", () => sent === args.chunks && socket.end());
    socket.on("error", (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    socket.on("close", () => resolve({ answer, sent, writeError, closedAfterMs: Date.now() - started }));
    socket.on("connect", () => {
      socket.write(`POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${args.declaredChunks * chunk.byteLength}\r\n\r\n`);
      const next = () => {
        if (socket.destroyed || writeError) return;
        if (sent === args.chunks) {
          if (sent === args.declaredChunks) socket.end(); // the whole body is sent
          return; // otherwise the rest of the declared body never comes
        }
        socket.write(chunk, (error) => {
          if (error) return;
          sent += 1;
          setTimeout(next, args.gapMs);
        });
      };
      next();
    });
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("lingering after an early answer", () => {
  it("reads the rest of the body, so the client sends it all and reads the 413 and its error body", async () => {
    const port = await earlyAnsweringServer({ maxBytes: 16 * 1024 * 1024, maxMs: 10_000 });
    const upload = await slowUpload(port, { declaredChunks: 48, chunks: 48, gapMs: 5 });
    expect(upload.writeError).toBeUndefined();
    expect(upload.sent).toBe(48);
    expect(upload.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.answer.endsWith(ANSWER)).toBe(true);
  });

  it("without it the server closes at once and the client's next writes fail (the failure it prevents)", async () => {
    const port = await earlyAnsweringServer(undefined);
    const upload = await slowUpload(port, { declaredChunks: 48, chunks: 48, gapMs: 5 });
    expect(upload.writeError).toMatch(/EPIPE|ECONNRESET/);
    expect(upload.sent).toBeLessThan(48);
  });

  it("stops reading past the byte cap and closes", async () => {
    const port = await earlyAnsweringServer({ maxBytes: 256 * 1024, maxMs: 10_000 });
    const upload = await slowUpload(port, { declaredChunks: 400, chunks: 400, gapMs: 2 });
    expect(upload.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.sent).toBeLessThan(400);
  });

  it("closes after the time cap when the rest of the body never comes", async () => {
    const port = await earlyAnsweringServer({ maxBytes: 16 * 1024 * 1024, maxMs: 300 });
    const upload = await slowUpload(port, { declaredChunks: 48, chunks: 2, gapMs: 5 });
    expect(upload.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.answer.endsWith(ANSWER)).toBe(true);
    expect(upload.sent).toBe(2);
  });
});
