/**
 * Reads a callgrind output file (valgrind --tool=callgrind): each object's own instruction count
 * (Ir, self cost: the inclusive cost lines after `calls=` are left out). Code that a JIT wrote at
 * run time belongs to no file and callgrind names its object '???'.
 */
export const JIT_OBJECT = '???';

export function instructionsByObject(callgrindOut: string): Map<string, number> {
  const names = new Map<string, string>();
  const totals = new Map<string, number>();
  let object = '';
  let inclusiveNext = false;
  for (const line of callgrindOut.split('\n')) {
    const named = /^(c?ob)=(?:\((\d+)\))?\s*(.*)$/.exec(line);
    if (named) {
      const [, key, id, rest] = named;
      const name = rest ? rest : id ? (names.get(id) ?? '') : '';
      if (id && rest) names.set(id, rest);
      if (key === 'ob') object = name;
      continue;
    }
    if (line.startsWith('calls=')) {
      inclusiveNext = true;
      continue;
    }
    if (!/^[\d+\-*]/.test(line)) continue;
    if (inclusiveNext) {
      inclusiveNext = false;
      continue;
    }
    const cost = Number(line.trim().split(/\s+/)[1] ?? 0);
    totals.set(object, (totals.get(object) ?? 0) + cost);
  }
  return totals;
}

/**
 * The instruction count the runs repeat: the count of the two closest runs (the lower) and their
 * difference, 0 when two agree exactly. Now and then one run's compiled code counts a few
 * instructions more (16 in one of two runs of CI's check of 2026-11-28, on an unchanged codec; the
 * cause is not pinned down): the count must repeat exactly in two runs, not in every run.
 */
export function repeatedCount(counts: readonly number[]): { count: number; spread: number } {
  let closest = { count: counts[0] ?? NaN, spread: counts.length > 1 ? Infinity : NaN };
  for (let i = 0; i < counts.length; i += 1)
    for (let j = i + 1; j < counts.length; j += 1) {
      const spread = Math.abs(counts[i]! - counts[j]!);
      if (spread < closest.spread) closest = { count: Math.min(counts[i]!, counts[j]!), spread };
    }
  return closest;
}
