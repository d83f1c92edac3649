import { describe, expect, it } from "vitest";
import { redact, registerSecret } from "./log";

describe("log redaction", () => {
  it("removes registered secrets, credentials in URLs and bearer tokens", () => {
    registerSecret("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    const line = redact(
      "key 0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d url postgres://app:hunter22@db:5432/x auth Bearer abc.def",
    );
    expect(line).not.toContain("59c6995e998f97a5");
    expect(line).not.toContain("hunter22");
    expect(line).not.toContain("abc.def");
    expect(line).toContain("postgres://app:[redacted]@db");
  });
});
