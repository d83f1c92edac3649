// The operator's configuration lists every setting the bridge reads (a hundred and more); an operator looking for one
// types part of its name or of what it does. Words match in any order, case aside; "set here" keeps only the settings
// given in this server's environment, the ones someone chose rather than the defaults.

export type SettingKey = { name: string; description: string; set: boolean };

export type SettingFilter = { query: string; onlySet: boolean };

/** The settings `filter` keeps, in their order. */
export function settingsMatching<Key extends SettingKey>(keys: readonly Key[], filter: SettingFilter): Key[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  return keys.filter((key) => {
    if (filter.onlySet && !key.set) return false;
    const text = `${key.name} ${key.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
