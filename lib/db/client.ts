import "server-only";
import path from "node:path";
import { config } from "@/lib/config/config";
import { openDatabase, type DatabaseHandle } from "./connection";

// One pool per process, kept on globalThis so Next's module copies share it.
const globalForDb = globalThis as unknown as { capsuleDb?: DatabaseHandle };

export function database(): DatabaseHandle {
  if (!globalForDb.capsuleDb) {
    const cfg = config();
    globalForDb.capsuleDb = openDatabase({
      databaseUrl: cfg.DATABASE_URL,
      sqliteFile: path.join(cfg.dataDir, "capsule.sqlite"),
    });
  }
  return globalForDb.capsuleDb;
}

export const db = () => database().db;
