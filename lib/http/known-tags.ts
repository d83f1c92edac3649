// The entity tags of recent anonymous conditional answers, each with the database generation it
// was read at (DatabaseHandle.generation, embedded SQLite only). While the generation is the same no
// row changed, so the tag is still the answer's: a matching If-None-Match gets its 304 without
// reading a row. Keys are whole request URLs and the origin the tag was taken for, so the map is
// bounded (least recently used out) against clients that vary the query string.

export type KnownTag = { generation: string; etag: string; cacheControl: string };

export type KnownTags = {
  /** The tag stored under `key`, only when it was read at `generation`. */
  get(key: string, generation: string): KnownTag | undefined;
  set(key: string, tag: KnownTag): void;
  size(): number;
};

export function knownTags(capacity = 10_000): KnownTags {
  const tags = new Map<string, KnownTag>();
  return {
    get(key, generation) {
      const tag = tags.get(key);
      if (!tag) return undefined;
      if (tag.generation !== generation) {
        tags.delete(key);
        return undefined;
      }
      // a Map iterates in insertion order: moved to the end, it is the last to go
      tags.delete(key);
      tags.set(key, tag);
      return tag;
    },
    set(key, tag) {
      tags.delete(key);
      tags.set(key, tag);
      if (tags.size > capacity) {
        const oldest = tags.keys().next();
        if (!oldest.done) tags.delete(oldest.value);
      }
    },
    size: () => tags.size,
  };
}
