// Structured one-line logs. Every line passes through redact() so that no key, password
// or token reaches a log line even when an error message quotes one.
const registeredSecrets = new Set<string>();

/** Values (operator key, database password…) that must never be printed verbatim. */
export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 8) registeredSecrets.add(value);
}

export function redact(text: string): string {
  let out = text
    .replace(/(postgres(?:ql)?:\/\/[^:/@\s]+):[^@\s]+@/g, "$1:[redacted]@")
    .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, "$1[redacted]");
  for (const secret of registeredSecrets) {
    out = out.split(secret).join("[redacted]");
    out = out.split(secret.toLowerCase()).join("[redacted]");
  }
  return out;
}

function write(level: "info" | "warn" | "error", scope: string, message: string, fields?: Record<string, unknown>) {
  const line = redact(JSON.stringify({ t: new Date().toISOString(), level, scope, message, ...fields }));
  if (level === "error") console.error(line);
  else console.log(line);
}

export const logInfo = (scope: string, message: string, fields?: Record<string, unknown>) => write("info", scope, message, fields);
export const logWarn = (scope: string, message: string, fields?: Record<string, unknown>) => write("warn", scope, message, fields);

export function logError(scope: string, error: unknown, fields?: Record<string, unknown>) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  write("error", scope, message, fields);
}
