import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROCESS_SHARED } from "@/lib/process-registry";

// Module state shared between Next's bundles and the server entry lives in one documented place:
// lib/process-registry.ts. No product file touches globalThis itself, every registered name is
// used by exactly one module, and docs/ARCHITECTURE.md lists them all.

const root = path.resolve(import.meta.dirname, "..", "..");
const sources = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "app", "components", "features", "lib", "pages", "server", "bounty", "scripts", "*.ts"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file) && fs.existsSync(path.join(root, file)));
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("the process registry", () => {
  it("is the only product module that touches globalThis", () => {
    expect(sources.length).toBeGreaterThan(300);
    const touching = sources.filter((file) => /\bglobalThis\b/.test(read(file).replace(/\/\/.*$/gm, "")));
    expect(touching).toEqual(["lib/process-registry.ts"]);
  });

  it("names each shared holder once, and one module uses it", () => {
    for (const name of Object.keys(PROCESS_SHARED)) {
      const users = sources.filter((file) => read(file).includes(`("${name}")`) && file !== "lib/process-registry.ts");
      expect(users, name).toHaveLength(1);
    }
  });

  it("is listed in docs/ARCHITECTURE.md", () => {
    const architecture = read("docs/ARCHITECTURE.md");
    for (const name of Object.keys(PROCESS_SHARED)) expect(architecture, name).toContain(`\`${name}\``);
  });
});
