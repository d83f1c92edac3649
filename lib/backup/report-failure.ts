import { redact } from "@/lib/log";
import { BackupError } from "./manifest";
import { ToolMissingError } from "./postgres-tools";

/** Prints why a backup or restore failed, redacted, and returns its exit code (1; 3 for a missing pg_dump/pg_restore). */
export function reportFailure(command: "backup" | "restore", error: unknown): number {
  if (error instanceof ToolMissingError) {
    console.error(redact(`[${command}] ${error.message}`));
    return 3;
  }
  if (error instanceof BackupError) {
    console.error(redact(`[${command}] ${error.message}`));
    return error.exitCode;
  }
  console.error(redact(`[${command}] failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`));
  return 1;
}
