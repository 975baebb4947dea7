/**
 * The optimal string alignment distance: insertions, deletions, substitutions and swaps of
 * neighbouring letters, each one edit; given up past `most` (returning most + 1), so a scan of
 * many candidates for a near one stays cheap. Written here rather than taken from a package: the
 * common string-distance packages count a swapped pair of letters ("Jhon", "Golaith") as two
 * edits, and that is the typo people make most.
 */
export function editDistance(a: string, b: string, most = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > most) return most + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length] as number;
}
