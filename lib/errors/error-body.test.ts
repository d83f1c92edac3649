import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, errorStatus } from "./app-error";
import { errorBody, toAppError } from "./error-body";

describe("error mapping", () => {
  it.each(Object.entries(errorStatus))("renders %s with status %i in the seed's shape", (code, status) => {
    const body = errorBody(new AppError(code as keyof typeof errorStatus, `about ${code}`));
    expect(body).toEqual({ ok: false, error: code, message: `about ${code}`, statusCode: status });
  });

  it("fixes the statuses of the error table", () => {
    expect(errorStatus).toMatchObject({
      UNAUTHORIZED: 401,
      INVALID_SIGNATURE: 401,
      FORBIDDEN: 403,
      INSUFFICIENT_BOND: 403,
      CAPSULE_NOT_FOUND: 404,
      VOTING_CLOSED: 409,
      OUTLET_NOT_ACTIVE: 409,
      INVALID_STATE: 409,
      VALIDATION_ERROR: 400,
      RATE_LIMITED: 429,
      CHAIN_UNAVAILABLE: 503,
    });
  });

  it("turns a ZodError into 400 VALIDATION_ERROR naming each bad field", () => {
    const result = z.object({ title: z.string().min(1), shareBps: z.number().int() }).safeParse({ title: "", shareBps: 1.5 });
    if (result.success) throw new Error("expected failure");
    const { appError, unexpected } = toAppError(result.error);
    expect(unexpected).toBe(false);
    const body = errorBody(appError);
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe("VALIDATION_ERROR");
    expect(body.issues?.map((i) => i.path)).toEqual(["title", "shareBps"]);
  });

  it("turns a real SQLite unique violation and a Postgres 23505 into 409 CONFLICT", () => {
    const sqlite = new Database(":memory:");
    sqlite.exec("create table t (id text primary key)");
    sqlite.prepare("insert into t values ('a')").run();
    let sqliteError: unknown;
    try {
      sqlite.prepare("insert into t values ('a')").run();
    } catch (error) {
      sqliteError = error;
    }
    expect(toAppError(sqliteError).appError.code).toBe("CONFLICT");
    expect(toAppError(Object.assign(new Error("duplicate key"), { code: "23505" })).appError.statusCode).toBe(409);
  });

  it("hides unknown errors behind a generic 500 that says nothing of internals", () => {
    const { appError, unexpected } = toAppError(new TypeError("cannot read property 'x' of undefined at /srv/secret.ts:12"));
    expect(unexpected).toBe(true);
    const body = errorBody(appError);
    expect(body).toEqual({ ok: false, error: "INTERNAL_ERROR", message: "The server could not complete the request", statusCode: 500 });
  });
});
