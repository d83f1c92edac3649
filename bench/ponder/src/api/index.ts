import { Hono } from "hono";
import { count } from "ponder";
import { db } from "ponder:api";
import schema from "ponder:schema";

// GET /bench/counts: the rows Ponder wrote, so the bench checks it did all the work it timed.
const app = new Hono();

app.get("/bench/counts", async (c) => {
  const rows = async (table: typeof schema.chainEvent | typeof schema.vote | typeof schema.activity) => Number((await db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return c.json({ events: await rows(schema.chainEvent), votes: await rows(schema.vote), activity: await rows(schema.activity) });
});

export default app;
