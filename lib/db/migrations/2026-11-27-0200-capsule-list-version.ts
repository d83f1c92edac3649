import { sql, type Kysely } from "kysely";
import { isSqlite } from "./dialect";

// A number that changes whenever the membership of a status-filtered capsule list can change: a
// capsule inserted or deleted, or its status or outlet changed. Triggers keep it, so every writer
// (services, indexer projectors, rewinds and rebuilds, tools writing SQL by hand) moves it in the
// same transaction as the rows; status-filtered lists cache their count and anchors under it
// (features/capsules/capsule-status-lists.repository.ts; docs/DECISIONS.md, "Status-filtered lists").
// Tally updates (yes_votes, no_votes) do not touch it, nor do inserts and deletes of drafts (no cached
// list holds a draft: draft lists depend on the reader and are read directly; a draft leaves its
// status by an update, which moves the version).
//
// PostgreSQL: the version row is updated by a deferred constraint trigger, once per transaction at
// commit (a transaction-local flag), so a writer takes its lock after every other lock it holds
// (no deadlock through it) and bulk writes cost one update, not one per row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("capsule_list_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("capsule_list_version").values({ id: 1, version: 0 }).execute();
  if (isSqlite(db)) {
    const bump = sql`update capsule_list_version set version = version + 1 where id = 1;`;
    await sql`create trigger capsules_list_version_insert after insert on capsules when new.status <> 'draft' begin ${bump} end`.execute(db);
    await sql`create trigger capsules_list_version_delete after delete on capsules when old.status <> 'draft' begin ${bump} end`.execute(db);
    await sql`create trigger capsules_list_version_update after update of status, outlet_slug on capsules
      when old.status is not new.status or old.outlet_slug is not new.outlet_slug begin ${bump} end`.execute(db);
    return;
  }
  await sql`create function capsule_list_version_bump() returns trigger language plpgsql as $$
    begin
      if current_setting('capsule.list_version_bumped', true) is distinct from 'y' then
        update capsule_list_version set version = version + 1 where id = 1;
        perform set_config('capsule.list_version_bumped', 'y', true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger capsules_list_version_insert after insert on capsules
    deferrable initially deferred for each row when (new.status <> 'draft') execute function capsule_list_version_bump()`.execute(db);
  await sql`create constraint trigger capsules_list_version_delete after delete on capsules
    deferrable initially deferred for each row when (old.status <> 'draft') execute function capsule_list_version_bump()`.execute(db);
  await sql`create constraint trigger capsules_list_version_update after update of status, outlet_slug on capsules
    deferrable initially deferred for each row
    when (old.status is distinct from new.status or old.outlet_slug is distinct from new.outlet_slug)
    execute function capsule_list_version_bump()`.execute(db);
  await sql`create trigger capsules_list_version_truncate after truncate on capsules for each statement execute function capsule_list_version_bump()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    for (const name of ["capsules_list_version_insert", "capsules_list_version_delete", "capsules_list_version_update"]) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  } else {
    for (const name of ["capsules_list_version_insert", "capsules_list_version_delete", "capsules_list_version_update", "capsules_list_version_truncate"]) await sql`drop trigger if exists ${sql.id(name)} on capsules`.execute(db);
    await sql`drop function if exists capsule_list_version_bump()`.execute(db);
  }
  await db.schema.dropTable("capsule_list_version").ifExists().execute();
}
