// The one test for "a unique index refused this row", on both dialects: PostgreSQL's SQLSTATE 23505
// and better-sqlite3's constraint codes (the message as a last resort for wrapped errors).
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  return typeof message === "string" && /UNIQUE constraint failed/.test(message);
}
