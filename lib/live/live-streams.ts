import { processHolder } from "@/lib/process-registry";
// Open Server-Sent Event streams of this process, in the process registry so the web server's shutdown (a
// separate module graph from Next's route bundles) can end them instead of waiting out its grace.
type Streams = { closers: Set<() => void> };
const globalForStreams = processHolder<{ capsuleLiveStreams: Streams }>("liveStreams");

function streams(): Streams {
  globalForStreams.capsuleLiveStreams ??= { closers: new Set() };
  return globalForStreams.capsuleLiveStreams;
}

/** Registers a stream's closer; answers the unregister. */
export function trackLiveStream(close: () => void): () => void {
  streams().closers.add(close);
  return () => void streams().closers.delete(close);
}

export const openLiveStreams = () => streams().closers.size;

/** Ends every open stream (shutdown); browsers reconnect to another server. */
export function closeLiveStreams(): void {
  for (const close of [...streams().closers]) close();
}
