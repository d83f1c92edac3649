// Recent anonymous conditional answers, each with the database generation it was read at
// (DatabaseHandle.generation). While the generation is the same no row changed, so the answer is
// still right: a matching If-None-Match gets its 304 and any other GET the same body, without
// reading a row or building the body again. On PostgreSQL an answer also expires, as writes nobody
// announced would not move the generation (lib/db/postgres-generation.ts). Keys are whole request URLs
// and the origin, so entries and bytes are bounded (least recently used out) against clients that
// vary the query string.

export type RememberedAnswer = {
  generation: string;
  etag: string;
  cacheControl: string;
  status: number;
  /** The JSON text of the answer; absent when it was too large to keep (the tag alone still answers 304s). */
  body: string | undefined;
  /** Epoch ms from which the answer is no longer given, whatever the generation (PostgreSQL's bound on writes no notice announces). */
  expiresAt?: number;
  /** Epoch ms, before `expiresAt`, from which one request builds the answer again while the others are still given this one. */
  refreshAt?: number;
};

export type RememberedAnswers = {
  /** The answer stored under `key`, only when it was read at `generation` and has not expired at `now`. */
  get(key: string, generation: string, now?: number): RememberedAnswer | undefined;
  /**
   * Stores an answer; expired answers at the least recently used end go first. An answer without a
   * body (a 304 was all that was built) keeps the body of the one it replaces when their tags are the
   * same: the tag covers everything the body is built from.
   */
  set(key: string, answer: RememberedAnswer, now?: number): void;
  size(): { entries: number; bodyChars: number };
};

export type Limits = { entries: number; bodyChars: number; bodyCharsEach: number };

const DEFAULTS: Limits = { entries: 10_000, bodyChars: 32 * 1024 * 1024, bodyCharsEach: 256 * 1024 };

export function rememberedAnswers(limits: Partial<Limits> = {}): RememberedAnswers {
  const { entries, bodyChars, bodyCharsEach } = { ...DEFAULTS, ...limits };
  const answers = new Map<string, RememberedAnswer>();
  let chars = 0;
  const forget = (key: string) => {
    const gone = answers.get(key);
    if (!gone) return;
    chars -= gone.body?.length ?? 0;
    answers.delete(key);
  };
  return {
    get(key, generation, now = Date.now()) {
      const answer = answers.get(key);
      if (!answer) return undefined;
      forget(key);
      if (answer.generation !== generation || (answer.expiresAt !== undefined && now >= answer.expiresAt)) return undefined;
      // a Map iterates in insertion order: put back at the end, it is the last to go
      answers.set(key, answer);
      chars += answer.body?.length ?? 0;
      return answer;
    },
    set(key, answer, now = Date.now()) {
      const before = answers.get(key);
      const same = answer.body === undefined && before?.body !== undefined && before.etag === answer.etag;
      const stored = same ? { ...answer, status: before.status, body: before.body } : answer;
      forget(key);
      // answers nobody asked for again until they expired would otherwise stay until the bounds push them out
      for (const [oldest, kept] of answers) {
        if (kept.expiresAt === undefined || now < kept.expiresAt) break;
        forget(oldest);
      }
      const kept = stored.body !== undefined && stored.body.length > bodyCharsEach ? { ...stored, body: undefined } : stored;
      answers.set(key, kept);
      chars += kept.body?.length ?? 0;
      while (answers.size > entries || chars > bodyChars) {
        const oldest = answers.keys().next();
        if (oldest.done) break;
        forget(oldest.value);
      }
    },
    size: () => ({ entries: answers.size, bodyChars: chars }),
  };
}
