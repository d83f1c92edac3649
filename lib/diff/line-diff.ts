// A line diff by longest common subsequence. Common leading and trailing lines are matched first so
// the quadratic table only covers the changed middle.

export type DiffLine =
  | { kind: "same"; text: string; oldLine: number; newLine: number }
  | { kind: "removed"; text: string; oldLine: number }
  | { kind: "added"; text: string; newLine: number };

export const splitLines = (text: string): string[] => (text === "" ? [] : text.replace(/\r\n?/g, "\n").split("\n"));

export function lineDiff(oldText: string, newText: string): DiffLine[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const out: DiffLine[] = [];
  for (let i = 0; i < start; i += 1) out.push({ kind: "same", text: a[i] ?? "", oldLine: i + 1, newLine: i + 1 });

  // lcs[i][j] = LCS length of a[start+i..endA) and b[start+j..endB)
  const n = endA - start;
  const m = endB - start;
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        a[start + i] === b[start + j] ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const x = start + i;
    const y = start + j;
    if (i < n && j < m && a[x] === b[y]) {
      out.push({ kind: "same", text: a[x] ?? "", oldLine: x + 1, newLine: y + 1 });
      i += 1;
      j += 1;
    } else if (i < n && (j === m || (lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))) {
      // removals before additions where both keep the LCS, so a changed line reads "-old +new"
      out.push({ kind: "removed", text: a[x] ?? "", oldLine: x + 1 });
      i += 1;
    } else {
      out.push({ kind: "added", text: b[y] ?? "", newLine: y + 1 });
      j += 1;
    }
  }
  for (let k = 0; k < a.length - endA; k += 1) out.push({ kind: "same", text: a[endA + k] ?? "", oldLine: endA + k + 1, newLine: endB + k + 1 });
  return out;
}

export function diffStats(lines: DiffLine[]): { added: number; removed: number; same: number } {
  const stats = { added: 0, removed: 0, same: 0 };
  for (const line of lines) stats[line.kind] += 1;
  return stats;
}
