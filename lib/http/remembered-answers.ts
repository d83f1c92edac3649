// Recent anonymous conditional answers, each with the database generation it was read at
// (DatabaseHandle.generation, embedded SQLite only). While the generation is the same no row
// changed, so the answer is still right: a matching If-None-Match gets its 304 and any other GET
// the same body, without reading a row or building the body again. Keys are whole request URLs
// and the origin, so entries and bytes are bounded (least recently used out) against clients that
// vary the query string.

export type RememberedAnswer = {
  generation: string;
  etag: string;
  cacheControl: string;
  status: number;
  /** The JSON text of the answer; absent when it was too large to keep (the tag alone still answers 304s). */
  body: string | undefined;
};

export type RememberedAnswers = {
  /** The answer stored under `key`, only when it was read at `generation`. */
  get(key: string, generation: string): RememberedAnswer | undefined;
  set(key: string, answer: RememberedAnswer): void;
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
    get(key, generation) {
      const answer = answers.get(key);
      if (!answer) return undefined;
      forget(key);
      if (answer.generation !== generation) return undefined;
      // a Map iterates in insertion order: put back at the end, it is the last to go
      answers.set(key, answer);
      chars += answer.body?.length ?? 0;
      return answer;
    },
    set(key, answer) {
      forget(key);
      const kept = answer.body !== undefined && answer.body.length > bodyCharsEach ? { ...answer, body: undefined } : answer;
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
