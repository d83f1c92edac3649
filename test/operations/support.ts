import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { BUNDLED_SCRIPTS, serverScriptArgs } from "@/test/support/server-bundle";

export const rootDir = path.resolve(import.meta.dirname, "..", "..");

export type ScriptResult = { status: number | null; stdout: string; stderr: string; output: string };

function baseEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env };
}

// the run's bundle of the script when the integration setup built one (test/support/server-bundle.ts), else tsx
const scriptArgs = (script: string, args: string[]) => [
  ...((BUNDLED_SCRIPTS as readonly string[]).includes(script) ? serverScriptArgs(script as (typeof BUNDLED_SCRIPTS)[number]) : ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", `scripts/${script}`]),
  ...args,
];

/** Runs one of scripts/*.ts the way its npm script does, with only the given environment. */
export function runScript(script: string, args: string[], env: Record<string, string | undefined>): ScriptResult {
  const result = spawnSync(process.execPath, scriptArgs(script, args), { cwd: rootDir, env: baseEnv(env), encoding: "utf8", timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, output: `${result.stdout}${result.stderr}` };
}

/** The same, without blocking the test's event loop (for a script that runs while the test keeps working). */
export function runScriptAsync(script: string, args: string[], env: Record<string, string | undefined>): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, scriptArgs(script, args), { cwd: rootDir, env: baseEnv(env) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (status) => resolve({ status, stdout, stderr, output: `${stdout}${stderr}` }));
  });
}

export async function rpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
