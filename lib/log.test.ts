import { describe, expect, it } from "vitest";
import { accessLogger, createLogger, logError, type LogLevel, logInfo, redact, redactConsole, registerSecret, registerUrlSecrets, setLogger } from "./log";
import { requestIdFrom, runWithRequest } from "./request-context";

function capture(level: LogLevel = "info") {
  const lines: string[] = [];
  setLogger(createLogger({ level, destination: { write: (line: string) => void lines.push(line) } }));
  return { lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("log redaction", () => {
  it("masks keys in provider URLs: userinfo, query values and key-like path segments", () => {
    const line = redact("upstream https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161 and http://node:8545/?apikey=SECRETKEY123 failed");
    expect(line).not.toContain("9aa3d95b3bc440fa88ea12eaa4456161");
    expect(line).not.toContain("SECRETKEY123");
    expect(line).toContain("https://mainnet.infura.io/v3/[redacted]");
  });

  it("removes registered secrets, credentials in URLs and bearer tokens", () => {
    registerSecret("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    const line = redact(
      "key 0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d url postgres://app:hunter22@db:5432/x auth Bearer abc.def",
    );
    expect(line).not.toContain("59c6995e998f97a5");
    expect(line).not.toContain("hunter22");
    expect(line).not.toContain("abc.def");
    expect(line).toContain("postgres://[redacted]@db");
  });

  it("redacts secrets whatever their case, JSON escaping or URL encoding", () => {
    registerSecret('pa"ss/wo rd\\x');
    registerSecret("0xABCDEF0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789");
    const text = JSON.stringify({ a: 'pa"ss/wo rd\\x', b: encodeURIComponent('pa"ss/wo rd\\x'), c: "0xabcdef0123456789ABCDEF0123456789abcdef0123456789ABCDEF0123456789" });
    const out = redact(text);
    expect(out).not.toMatch(/wo rd|wo%20rd|abcdef0123456789/i);
    expect(out.match(/\[redacted\]/g)).toHaveLength(3);
  });

  it("redacts key-like query values and the secret parts of registered URLs", () => {
    expect(redact("GET https://rpc.example/?apikey=SECRETKEY123&chain=1")).toBe("GET https://rpc.example/?apikey=[redacted]&chain=[redacted]"); // every query value of a URL is masked
    expect(redact("x?access_token=abc123def&y")).toBe("x?access_token=[redacted]&y");
    registerUrlSecrets("https://mainnet.example.io/v3/9aa3d95b3bc440fa88ea12eaa4456161?region=eu-west-secret-1");
    const out = redact("node https://mainnet.example.io/v3/9aa3d95b3bc440fa88ea12eaa4456161 failed (eu-west-secret-1)");
    expect(out).toBe("node https://mainnet.example.io/v3/[redacted] failed ([redacted])");
  });

  it("leaves ordinary text, ports and transaction hashes alone", () => {
    const text = "sent 0x" + "ab".repeat(32) + " to http://127.0.0.1:8545/ ok";
    expect(redact(text)).toBe(text);
  });
});

describe("the pino logger", () => {
  it("writes one JSON line per call with level, scope, message and fields, redacted", () => {
    const out = capture();
    registerSecret("operator-password-77");
    logInfo("test", "connecting with operator-password-77", { url: "postgres://u:operator-password-77@h/db", authorization: "Bearer xyz.abc" });
    logError("test", new Error("boom Bearer tok.en123"), { password: "whatever-it-is" });
    const [info, error] = out.parsed();
    expect(info).toMatchObject({ level: "info", scope: "test", msg: "connecting with [redacted]", url: "postgres://[redacted]@h/db", authorization: "[redacted]" });
    expect(typeof info!.time).toBe("string");
    expect(error).toMatchObject({ level: "error", scope: "test", msg: "Error: boom Bearer [redacted]", password: "[redacted]" });
    expect(Array.isArray(error!.stack)).toBe(true);
    expect(out.lines.join("")).not.toMatch(/operator-password-77|xyz\.abc|tok\.en123|whatever-it-is/);
  });

  it("puts the current request's id on every line made while serving it", async () => {
    const out = capture();
    await runWithRequest({ requestId: "req-42", method: "GET", route: "/api/x" }, async () => {
      logInfo("test", "first");
      await new Promise((resolve) => setTimeout(resolve, 5));
      logInfo("test", "after an await");
    });
    logInfo("test", "outside");
    expect(out.parsed().map((line) => line.reqId)).toEqual(["req-42", "req-42", undefined]);
  });

  it("writes access lines through the same destination, with registered secrets still redacted from their text", () => {
    const { lines, parsed } = capture();
    registerSecret("access-line-secret-0123456789");
    accessLogger().info({ scope: "http", path: "/api/access-line-secret-0123456789", status: 200 }, "request");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("access-line-secret-0123456789");
    expect(parsed()[0]).toMatchObject({ level: "info", scope: "http", status: 200, path: "/api/[redacted]", msg: "request" });
    // the access logger follows a replaced process logger
    const again = capture();
    accessLogger().info({ scope: "http" }, "request");
    expect(again.lines).toHaveLength(1);
  });

  it("honours the level", () => {
    const out = capture("warn");
    logInfo("test", "dropped");
    logError("test", "kept");
    expect(out.parsed().map((line) => line.msg)).toEqual(["kept"]);
  });
});

describe("request ids", () => {
  it("keeps a well-formed client id and replaces anything else", () => {
    expect(requestIdFrom("abc-123_x.y:z")).toBe("abc-123_x.y:z");
    for (const bad of [undefined, "", "has space", "x".repeat(129), "a\nb", "ünïcode", "<script>"]) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(requestIdFrom("x".repeat(128))).toBe("x".repeat(128));
  });
});

describe("console redaction", () => {
  it("redacts what other code prints with console.*", () => {
    const printed: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void printed.push(args.join(" "));
    try {
      redactConsole();
      registerSecret("console-secret-value-1");
      console.log("step: connecting with %s", "console-secret-value-1", { url: "postgres://a:b-pass@h/d" });
    } finally {
      console.log = original;
    }
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain("step: connecting with [redacted]");
    expect(printed[0]).not.toMatch(/console-secret-value-1|b-pass/);
  });
});
