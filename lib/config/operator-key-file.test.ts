import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readOperatorKeyFile, withOperatorKeyFile } from "./operator-key-file";
import { parseServerEnv } from "./server-env";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-keyfile-"));
const KEY = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

function keyFile(name: string, content: string, mode: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  fs.chmodSync(file, mode);
  return file;
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("CAPSULE_OPERATOR_KEY_FILE", () => {
  it("reads a key from a file only its owner can read, with or without 0x and a trailing newline", () => {
    expect(readOperatorKeyFile(keyFile("a", `${KEY}\n`, 0o600))).toBe(`0x${KEY}`);
    expect(readOperatorKeyFile(keyFile("b", `0x${KEY}`, 0o400))).toBe(`0x${KEY}`);
    const env = parseServerEnv({ NODE_ENV: "test", CAPSULE_OPERATOR_KEY_FILE: path.join(dir, "a") });
    expect(env.CAPSULE_OPERATOR_KEY).toBe(`0x${KEY}`);
  });

  it("refuses a file group or others may read, naming the fix and never the key", () => {
    for (const mode of [0o640, 0o604, 0o644, 0o666]) {
      const file = keyFile(`m${mode.toString(8)}`, KEY, mode);
      let message = "";
      try {
        readOperatorKeyFile(file);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe(`CAPSULE_OPERATOR_KEY_FILE ${file} has mode 0${mode.toString(8)}: group and others may read it; run \`chmod 600 ${file}\``);
      expect(message).not.toContain(KEY.slice(0, 16));
    }
  });

  it("refuses a missing file, a directory, content that is not a key, and both settings at once", () => {
    expect(() => readOperatorKeyFile(path.join(dir, "none"))).toThrow(/does not exist or cannot be read/);
    expect(() => readOperatorKeyFile(dir)).toThrow(/is not a regular file/);
    const bad = keyFile("bad", "hunter2-not-a-key", 0o600);
    expect(() => readOperatorKeyFile(bad)).toThrow(/does not hold a private key/);
    try {
      readOperatorKeyFile(bad);
    } catch (error) {
      expect((error as Error).message).not.toContain("hunter2");
    }
    expect(() => withOperatorKeyFile({ NODE_ENV: "test", CAPSULE_OPERATOR_KEY: `0x${KEY}`, CAPSULE_OPERATOR_KEY_FILE: path.join(dir, "a") })).toThrow(
      "set either CAPSULE_OPERATOR_KEY or CAPSULE_OPERATOR_KEY_FILE, not both",
    );
  });
});
