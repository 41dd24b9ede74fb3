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
