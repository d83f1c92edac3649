import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { dnsResolver, fetchLink, LinkNotFetched, type LinkFetchOptions } from "@/lib/vault/link-fetch";
import { startTestDns } from "@/features/outlets/dns-server.test-support";

// Evidence "Add by link" fetched by the bridge (lib/vault/link-fetch.ts) against real parts: a DNS
// server and an HTTPS server on loopback with a certificate made for the test. Loopback is not a
// public address, so the success cases pass `allow` for 127.0.0.1 only; the refusal of loopback
// under the default rule is a case of its own.

const NAME = "evidence.example.com";
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
const sha = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("fetching an evidence link", () => {
  let dns: Awaited<ReturnType<typeof startTestDns>>;
  let server: Server;
  let port: number;
  let ca: string;
  let options: LinkFetchOptions;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-link-fetch-"));
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${NAME}`,
      "-addext", `subjectAltName=DNS:${NAME},DNS:other.example.com`,
      "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
    ], { stdio: "ignore" });
    ca = fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
    server = createServer({ key: fs.readFileSync(path.join(dir, "key.pem")), cert: ca }, (req, res) => {
      const url = req.url ?? "/";
      if (url === "/report.pdf") {
        res.writeHead(200, { "content-type": "application/pdf; charset=binary" });
        res.end(pdf);
      } else if (url === "/moved") {
        res.writeHead(302, { location: "/report.pdf" });
        res.end();
      } else if (url === "/to-http") {
        res.writeHead(301, { location: `http://${NAME}/report.pdf` });
        res.end();
      } else if (url === "/to-inside") {
        res.writeHead(302, { location: "https://inside.example.com/report.pdf" });
        res.end();
      } else if (url === "/loop") {
        res.writeHead(302, { location: "/loop" });
        res.end();
      } else if (url === "/big") {
        res.writeHead(200, { "content-type": "application/pdf" }); // no length: the cap applies while reading
        res.end(Buffer.alloc(8192, 0x41));
      } else {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("not here");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    fs.rmSync(dir, { recursive: true, force: true });
    dns = await startTestDns();
    dns.set(NAME, { a: ["127.0.0.1"] });
    dns.set("inside.example.com", { a: ["10.0.0.7"] });
    options = {
      resolve: dnsResolver({ servers: dns.server, timeoutMs: 2000 }),
      maxBytes: 4096,
      timeoutMs: 5000,
      allow: (address) => address === "127.0.0.1",
      port,
      ca,
    };
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await dns?.close();
  });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (cause: unknown) => cause,
    );
    expect(error).toBeInstanceOf(LinkNotFetched);
    return error as LinkNotFetched;
  };

  it("answers the exact bytes, their type and a file name", async () => {
    const fetched = await fetchLink(`https://${NAME}/report.pdf`, options);
    expect(sha(fetched.bytes)).toBe(sha(pdf));
    expect(fetched).toMatchObject({ mimeType: "application/pdf", finalUrl: `https://${NAME}/report.pdf`, filename: "report.pdf" });
  });

  it("follows a redirect, checking where it leads", async () => {
    const fetched = await fetchLink(`https://${NAME}/moved`, options);
    expect(fetched.finalUrl).toBe(`https://${NAME}/report.pdf`);
    expect(sha(fetched.bytes)).toBe(sha(pdf));
    const toHttp = await refusal(fetchLink(`https://${NAME}/to-http`, options));
    expect(toHttp).toMatchObject({ kind: "refused", message: expect.stringContaining("only https links can be fetched") });
    const inside = await refusal(fetchLink(`https://${NAME}/to-inside`, options));
    expect(inside).toMatchObject({ kind: "refused", message: "inside.example.com points to a private or reserved address, which the bridge does not fetch" });
    expect(await refusal(fetchLink(`https://${NAME}/loop`, options))).toMatchObject({ kind: "failed", message: "The link redirects more than 3 times" });
  });

  it("refuses a name that resolves to loopback under the public-address rule, before connecting", async () => {
    const { allow: _allow, ...publicOnly } = options;
    const error = await refusal(fetchLink(`https://${NAME}/report.pdf`, publicOnly));
    expect(error).toMatchObject({ kind: "refused", message: `${NAME} points to a private or reserved address, which the bridge does not fetch` });
  });

  it("refuses links that are not https on a public name", async () => {
    for (const [link, reason] of [
      [`http://${NAME}/report.pdf`, "only https links can be fetched"],
      ["https://127.0.0.1/report.pdf", "IP"],
      ["https://files.internal/report.pdf", ".internal"],
      [`https://${NAME}:8443/report.pdf`, "port"],
      [`https://user:pw@${NAME}/report.pdf`, "user name or password"],
      ["not a link", "not a web address"],
    ] as const) {
      const error = await refusal(fetchLink(link, options));
      expect(error.kind, link).toBe("refused");
      expect(error.message, link).toContain(reason);
    }
    expect(await refusal(fetchLink("https://unknown.example.com/x", options))).toMatchObject({ kind: "refused", message: "unknown.example.com could not be resolved" });
  });

  it("stops at the size cap, on a status other than 200 and on a certificate not made for the name", async () => {
    expect(await refusal(fetchLink(`https://${NAME}/big`, options))).toMatchObject({ kind: "failed", message: expect.stringContaining("larger than 4096 bytes") });
    expect(await refusal(fetchLink(`https://${NAME}/missing`, options))).toMatchObject({ kind: "failed", message: "The link answered HTTP 404" });
    const { ca: _ca, ...untrusted } = options;
    expect(await refusal(fetchLink(`https://${NAME}/report.pdf`, untrusted))).toMatchObject({ kind: "failed", message: `The site's certificate is not valid for ${NAME}` });
    dns.set("wrong.example.com", { a: ["127.0.0.1"] });
    expect(await refusal(fetchLink("https://wrong.example.com/report.pdf", options))).toMatchObject({ kind: "failed", message: "The site's certificate is not valid for wrong.example.com" });
  });
});
