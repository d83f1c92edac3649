import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const rootDir = path.resolve(import.meta.dirname, "..", "..");
const SOURCE_DIRS = ["app", "features", "lib", "components", "server"];

function newestSource(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.(tsx?|css|mjs)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The read bench measures a production build in CAPSULE_NEXT_DIST_DIR (default .next-bench).
 * Builds it when it is missing or older than the sources; `next build` rewrites tsconfig.json
 * (it adds the dist dir's types), so the file's bytes are put back afterwards.
 * BENCH_BUILD=always rebuilds, BENCH_BUILD=never uses whatever build exists.
 */
export async function ensureProductionBuild(log: (m: string) => void): Promise<string> {
  const distDir = (process.env.CAPSULE_NEXT_DIST_DIR ??= ".next-bench");
  const buildId = path.join(rootDir, distDir, "BUILD_ID");
  const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const newest = Math.max(...SOURCE_DIRS.map((d) => newestSource(path.join(rootDir, d))));
  const mode = process.env.BENCH_BUILD ?? "auto";
  if (builtAt > 0 && (mode === "never" || (mode === "auto" && builtAt > newest))) {
    log(`using the production build in ${distDir} (built ${new Date(builtAt).toISOString()})`);
    return distDir;
  }
  log(`building the production bundle into ${distDir} (${builtAt === 0 ? "none yet" : "older than the sources"})…`);
  const tsconfig = path.join(rootDir, "tsconfig.json");
  const original = fs.readFileSync(tsconfig);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(rootDir, "node_modules", "next", "dist", "bin", "next"), "build"], {
        cwd: rootDir,
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", CAPSULE_NEXT_DIST_DIR: distDir },
      });
      child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with code ${code}`))));
    });
  } finally {
    fs.writeFileSync(tsconfig, original);
  }
  return distDir;
}
