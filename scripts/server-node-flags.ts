// V8 flags of the server process (npm start, and the test and bench stacks, so they measure what runs).
// A heap cap of 256 MB old space (the live heap is about 65 MB after the read benchmark at 10,000 capsules)
// and 8 MB semi-spaces make the collector return memory instead of growing the heap under load: RSS
// after `npm run bench memory` falls from about 440 MB to under 300 (docs/PERFORMANCE.md, "Memory").
export const serverNodeFlags: readonly string[] = ["--max-old-space-size=256", "--max-semi-space-size=8"];
