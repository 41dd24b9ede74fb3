/**
 * One print master in a fresh Node process, for the render benchmark: the 50x40 cm test collage
 * with the camera fixtures at 300 dpi. Prints JSON: the time of the first print (tools loading
 * included) and of the faster of two more (`bestS`, and its CPU time over all threads: a shared
 * machine only ever adds time to a run, and the same 150x100 cm print took 6.7 and 9.5 s within
 * minutes on 2026-11-28), and the process's peak resident memory (the print's tile threads
 * included: they are threads of this process).
 *
 *   GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 node --import tsx tests/bench/printBench.ts [--size 150x100]
 *
 * with the allocator setting the server runs with (server/print/printMalloc.ts; bench:render sets it).
 * bench:render runs it bundled, without tsx, as the shop's print threads run (render.ts); run
 * through tsx as above, its peak holds the loader's 25-35 MB too.
 */
import { warnWithoutPrintMalloc } from '../../server/print/printMalloc';
import { renderPrintMaster } from '../../server/print/printMaster';
import { cameraOriginals, printCollage, PRINT_BACKGROUND } from '../render/printCollage';

// `--size 150x100` prints the same collage generated at that size (the largest sheet the shop sells)
warnWithoutPrintMalloc(console.error);
const sizeArgument = process.argv.indexOf('--size');
const [widthCm, heightCm] = (sizeArgument >= 0 ? process.argv[sizeArgument + 1]! : '50x40')
  .split('x')
  .map(Number);
const { layout, slots } = printCollage(true, { widthCm: widthCm!, heightCm: heightCm! });
const originals = cameraOriginals();
const baselineMb = process.memoryUsage().rss / 2 ** 20;
const times: number[] = [];
const cpuTimes: number[] = [];
let size = { widthPx: 0, heightPx: 0, bytes: 0 };
// the first print loads the tools; the two after it are timed
for (let run = 0; run < 3; run += 1) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const master = await renderPrintMaster({
    layout,
    slots,
    originals,
    backgroundColor: PRINT_BACKGROUND,
  });
  times.push((performance.now() - start) / 1000);
  // the CPU of every thread of the process (the tile threads are its threads): the work itself, which a loaded machine's wait does not add to
  const cpu = process.cpuUsage(cpuStart);
  cpuTimes.push((cpu.user + cpu.system) / 1e6);
  size = {
    widthPx: master.widthPx,
    heightPx: master.heightPx,
    bytes: master.jpegParts.reduce((sum, part) => sum + part.length, 0),
  };
}
const peakMb = process.resourceUsage().maxRSS / 1024;
const best = times[1]! <= times[2]! ? 1 : 2;
console.log(
  JSON.stringify({
    firstS: times[0],
    warmS: times.slice(1),
    bestS: times[best],
    bestCpuS: cpuTimes[best],
    peakMb,
    baselineMb,
    ...size,
  }),
);
