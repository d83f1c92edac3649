import { describe, expect, it } from "vitest";
import { allowedMimeTypes, canonicalMimeType, sniffMime } from "./mime-sniff";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? Array.from(new TextEncoder().encode(p)) : p)));

const samples: Record<string, Uint8Array> = {
  "application/pdf": bytes("%PDF-1.7\n%\u00e2\u00e3"),
  "image/png": bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  "image/jpeg": bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  "image/webp": bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "),
  "image/gif": bytes("GIF89a", [1, 0, 1, 0]),
  "audio/mpeg": bytes("ID3", [4, 0, 0]),
  "video/mp4": bytes([0, 0, 0, 0x18], "ftypisom"),
  "audio/wav": bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "),
  "text/plain": bytes("Minutes of the council meeting, 3 March."),
  "text/csv": bytes("ward,votes\nnorth,1200\n"),
  "text/html": bytes("<!doctype html><p>archived page</p>"),
  "application/json": bytes('{"claim":"the budget rose 4%"}'),
};

describe("sniffMime", () => {
  it("covers exactly the allow-list", () => {
    expect(new Set(allowedMimeTypes)).toEqual(new Set(Object.keys(samples)));
  });

  it.each(Object.entries(samples))("accepts %s content declared as itself", (mime, content) => {
    expect(sniffMime(mime, content)).toEqual({ ok: true, mimeType: mime });
  });

  it.each([
    ["image/png", samples["image/jpeg"]!],
    ["application/pdf", samples["image/png"]!],
    ["image/webp", samples["audio/wav"]!],
    ["audio/wav", samples["image/webp"]!],
    ["video/mp4", samples["application/pdf"]!],
    ["image/gif", bytes("GIF90a")],
    ["audio/mpeg", bytes([0xff, 0xd8, 0xff])],
    ["text/plain", samples["image/png"]!],
    ["text/plain", bytes("nul\u0000inside")],
    ["application/json", bytes("{not json")],
    ["image/png", new Uint8Array()],
  ])("refuses content that does not match %s", (mime, content) => {
    expect(sniffMime(mime, content)).toEqual({ ok: false, reason: "mismatch" });
  });

  it.each(["application/x-msdownload", "image/svg+xml", "application/octet-stream", "text/javascript", ""])("refuses %j as not allowed", (mime) => {
    expect(sniffMime(mime, samples["text/plain"]!)).toEqual({ ok: false, reason: "not_allowed" });
  });

  it("normalises aliases, case and parameters", () => {
    expect(canonicalMimeType("IMAGE/JPG")).toBe("image/jpeg");
    expect(canonicalMimeType("audio/mp3")).toBe("audio/mpeg");
    expect(canonicalMimeType("audio/x-wav")).toBe("audio/wav");
    expect(canonicalMimeType("text/plain; charset=utf-8")).toBe("text/plain");
    expect(sniffMime("audio/x-wav", samples["audio/wav"]!)).toEqual({ ok: true, mimeType: "audio/wav" });
  });
});
