import "server-only";
import path from "node:path";
import { config } from "@/lib/config/config";
import { openDatabase, type DatabaseHandle } from "./connection";
import { setRememberBound } from "./postgres-generation";
import { processHolder } from "@/lib/process-registry";

// One pool per process, kept in the process registry so Next's module copies share it.
const globalForDb = processHolder<{ capsuleDb: DatabaseHandle }>("database");

export function database(): DatabaseHandle {
  if (!globalForDb.capsuleDb) {
    const cfg = config();
    setRememberBound(cfg.CAPSULE_PG_REMEMBER_MS);
    globalForDb.capsuleDb = openDatabase({
      databaseUrl: cfg.DATABASE_URL,
      sqliteFile: path.join(cfg.dataDir, "capsule.sqlite"),
    });
  }
  return globalForDb.capsuleDb;
}

export const db = () => database().db;
