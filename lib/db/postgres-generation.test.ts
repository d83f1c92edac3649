import { describe, expect, it } from "vitest";
import { noteFeedListening, noteFeedNotice, postgresGeneration, rememberBoundMs, setRememberBound, statementMovesAnswers } from "./postgres-generation";

describe("which PostgreSQL statements move remembered answers", () => {
  it("counts writes to tables answers read, and not reads, transaction control or unrelated tables", () => {
    expect(statementMovesAnswers('insert into "capsules" ("title") values ($1)')).toBe(true);
    expect(statementMovesAnswers('update "capsule_votes" set "weight" = $1')).toBe(true);
    expect(statementMovesAnswers('delete from "court_cases" where "id" = $1')).toBe(true);
    expect(statementMovesAnswers("with moved as (delete from capsules returning id) select * from moved")).toBe(true);
    expect(statementMovesAnswers('select * from "capsules" where "id" = $1')).toBe(false);
    expect(statementMovesAnswers('with recent as (select id from capsules) select * from recent')).toBe(false);
    expect(statementMovesAnswers("select pg_notify('capsule_writes', '')")).toBe(false);
    for (const control of ["begin", "start transaction isolation level serializable", "commit", "rollback", "savepoint sp1", "rollback to sp1", "release sp1"]) {
      expect(statementMovesAnswers(control), control).toBe(false);
    }
    expect(statementMovesAnswers('insert into "rate_limit_counters" ("bucket") values ($1) on conflict do update set "count" = "rate_limit_counters"."count" + 1')).toBe(false);
    expect(statementMovesAnswers('update "chain_checkpoints" set "block_number" = $1')).toBe(false);
  });
});

describe("the PostgreSQL generation", () => {
  it("is undefined while the change feed is not listening, moves with each notice and not with time alone", () => {
    setRememberBound(2000);
    noteFeedListening(false);
    expect(postgresGeneration()).toBeUndefined();
    noteFeedListening(true);
    const first = postgresGeneration();
    expect(first).toBeDefined();
    // time bounds each answer on its own (lib/http/remembered-answers.ts), not the generation
    expect(first).toMatch(/^\d+:\d+$/);
    expect(rememberBoundMs()).toBe(2000);
    noteFeedNotice();
    const noticed = postgresGeneration();
    expect(noticed).not.toBe(first);
    // a lost and regained feed never gives back a generation from before the loss
    noteFeedListening(false);
    noteFeedListening(true);
    expect(postgresGeneration()).not.toBe(noticed);
    setRememberBound(0);
    expect(postgresGeneration()).toBeUndefined();
    setRememberBound(2000);
    noteFeedListening(false);
  });
});
