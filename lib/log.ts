import { format } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";
import { currentRequest } from "./request-context";
import { redactUrlsInText, urlSecretParts } from "@/lib/url-redaction";
import { processHolder } from "@/lib/process-registry";

// Structured one-line JSON logs (pino). Every line passes through redact() as it is written, so no
// key, password or token reaches a log line even when an error message quotes one; each line made
// while serving a request carries that request's id (reqId). Level: CAPSULE_LOG_LEVEL (info).
const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LEVELS)[number];

type Shared = { capsuleSecrets: Set<string>; capsuleSecretPattern: RegExp | null; capsuleLogger: Logger; capsuleConsoleRedacted: boolean; capsuleOutputGuarded: boolean };
// In the process registry: Next's bundles and the server entry register secrets into, and write through, the same logger.
const shared = processHolder<Shared>("log");
const secrets = (): Set<string> => (shared.capsuleSecrets ??= new Set());

/** Values (operator key, database password, metrics token…) that must never be printed verbatim. */
export function registerSecret(value: string | undefined): void {
  if (!value || value.length < 8 || secrets().has(value)) return;
  secrets().add(value);
  shared.capsuleSecretPattern = undefined;
}

/** Registers the secret parts of a URL (password, query values, key-like path segments such as /v3/<key>). */
export function registerUrlSecrets(url: string | undefined): void {
  if (url) urlSecretParts(url).forEach(registerSecret);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function secretPattern(): RegExp | null {
  if (shared.capsuleSecretPattern !== undefined) return shared.capsuleSecretPattern;
  const variants = new Set<string>();
  for (const secret of secrets()) {
    variants.add(secret);
    variants.add(JSON.stringify(secret).slice(1, -1)); // as it appears inside a JSON string
    variants.add(encodeURIComponent(secret));
  }
  const sorted = [...variants].filter((v) => v.length >= 8).sort((a, b) => b.length - a.length);
  shared.capsuleSecretPattern = sorted.length === 0 ? null : new RegExp(sorted.map(escapeRegExp).join("|"), "gi");
  return shared.capsuleSecretPattern;
}

const KEY_LIKE_PARAM = /([?&](?:[a-z0-9_-]*(?:key|token|secret|password|passwd|auth|signature|sig|credential)[a-z0-9_-]*)=)[^&#\s"'\\]+/gi;

export function redact(text: string): string {
  let out = redactUrlsInText(text)
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^:/@\s"'\\]+):[^@\s"'\\/]+@/gi, "$1:[redacted]@")
    .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, "$1[redacted]")
    .replace(KEY_LIKE_PARAM, "$1[redacted]");
  const pattern = secretPattern();
  if (pattern) out = out.replace(pattern, "[redacted]");
  return out;
}

function levelFromEnv(): LogLevel {
  const value = process.env.CAPSULE_LOG_LEVEL?.toLowerCase();
  return (LEVELS as readonly string[]).includes(value ?? "") ? (value as LogLevel) : "info";
}

/** A logger with Capsule's format; tests pass their own destination to read what it writes. */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? levelFromEnv(),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const request = currentRequest();
        return request ? { reqId: request.requestId } : {};
      },
      // Fields that are secret by name are dropped whatever their value looks like.
      redact: {
        paths: ["authorization", "password", "privateKey", "token", "apiKey", "*.authorization", "*.password", "*.privateKey", "*.token", "*.apiKey", "headers.cookie", "*.headers.cookie"],
        censor: "[redacted]",
      },
      hooks: { streamWrite: redact },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** The process's logger. */
export function logger(): Logger {
  shared.capsuleLogger ??= createLogger();
  return shared.capsuleLogger;
}

const accessLoggers = new WeakMap<Logger, Logger>();

/**
 * The access line's logger: the process's, without the by-name field redaction (which walks every
 * field of every line, a tenth of a cached read's cost). Only for lines whose fields are fixed and
 * none secret by name; every line still passes through redact() as it is written.
 */
export function accessLogger(): Logger {
  const parent = logger();
  let access = accessLoggers.get(parent);
  if (!access) {
    access = parent.child({}, { redact: [] });
    accessLoggers.set(parent, access);
  }
  return access;
}

/** Replaces the process's logger (tests that read the lines). */
export function setLogger(replacement: Logger): void {
  shared.capsuleLogger = replacement;
}

export const logDebug = (scope: string, message: string, fields?: Record<string, unknown>) => logger().debug({ scope, ...fields }, message);
export const logInfo = (scope: string, message: string, fields?: Record<string, unknown>) => logger().info({ scope, ...fields }, message);
export const logWarn = (scope: string, message: string, fields?: Record<string, unknown>) => logger().warn({ scope, ...fields }, message);

export function logError(scope: string, error: unknown, fields?: Record<string, unknown>) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && error.stack ? error.stack.split("\n").slice(1, 8).map((line) => line.trim()) : undefined;
  logger().error({ scope, ...fields, ...(stack ? { stack } : {}) }, message);
}

/**
 * Keeps the process going when the reader of its stdout or stderr has gone (a closed `| tee`, a log
 * shipper that stopped): Node raises every console write that then fails (EPIPE) as an uncaught
 * exception, and a shutdown hung behind them until its limit. Those lines have nowhere to go, so the
 * errors are dropped; the logger's own destination already stops writing on EPIPE (pino does that).
 */
export function surviveLostOutput(): void {
  if (shared.capsuleOutputGuarded) return;
  shared.capsuleOutputGuarded = true;
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
}

/**
 * Passes everything written through console.* (start-up steps, Next.js's own messages, libraries)
 * through redact() as well, so the guarantee covers lines that do not come from this logger.
 */
export function redactConsole(): void {
  if (shared.capsuleConsoleRedacted) return;
  shared.capsuleConsoleRedacted = true;
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => original(redact(format(...args)));
  }
}
