// A second "server" for test/indexer/change-feed.test.ts: LISTENs on PostgreSQL like every server
// of a shared deployment does and prints each change it re-emits through onProjectionChange.
import { onProjectionChange } from "@/lib/indexer/change-feed";
import { listenForProjectionChanges } from "@/lib/indexer/change-feed-postgres";

const url = process.env.FEED_DATABASE_URL;
if (!url) throw new Error("FEED_DATABASE_URL is required");
onProjectionChange((change) => console.log(`change ${JSON.stringify(change)}`));
const listener = await listenForProjectionChanges({ databaseUrl: url, log: (m) => console.log(`log ${m}`) });
console.log("listening");
process.on("SIGTERM", () => void listener.stop().then(() => process.exit(0)));
