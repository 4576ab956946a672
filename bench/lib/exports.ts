import type { Figure } from "./budgets.js";
import type { SignedInFixture } from "./seed.js";
import type { RunningServer } from "./server.js";
import { median } from "./stats.js";

const log = (message: string) => console.error(`  · ${message}`);

/** One download's times: until its first body bytes, and until its last. */
interface Timing {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
}

/** Downloads one export as a browser would (compression offered), timing its first and last bytes. */
async function download(url: string, token: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${token}`, "Accept-Encoding": "gzip, deflate, br" },
  });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let firstByteMs = Number.NaN;
  let bytes = 0;
  for await (const chunk of response.body) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
    bytes += (chunk as Uint8Array).byteLength;
  }
  return { firstByteMs, totalMs: performance.now() - started, bytes };
}

/**
 * Issue 20: the fine history export of the 5,000-fine household, as CSV and as PDF, one download at a time (an
 * export is a rare, single request, not a load): time to its first bytes (budget: within a second) and to its last.
 */
export async function exportFigures(
  engine: string,
  server: RunningServer,
  fixture: SignedInFixture,
  runs: number,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const format of ["csv", "pdf"] as const) {
    const url = `${server.url}/api/households/${fixture.household.id}/exports/fines.${format}`;
    await download(url, fixture.member.token); // warm-up: the route's first answer compiles and loads its font
    const timings: Timing[] = [];
    for (let run = 0; run < runs; run++) {
      log(`export ${fixture.fines} fines as ${format.toUpperCase()}, run ${run + 1}/${runs}`);
      timings.push(await download(url, fixture.member.token));
    }
    const key = `${engine}.export.${format}.${fixture.fines}`;
    const label = `export ${fixture.fines} fines as ${format.toUpperCase()}`;
    const values = (pick: (timing: Timing) => number) => timings.map(pick);
    figures.push(
      {
        key: `${key}.firstByteMs`,
        label: `${label}: first byte`,
        unit: "ms",
        value: median(values((t) => t.firstByteMs)),
        runs: values((t) => t.firstByteMs),
      },
      {
        key: `${key}.totalMs`,
        label: `${label}: whole file`,
        unit: "ms",
        value: median(values((t) => t.totalMs)),
        runs: values((t) => t.totalMs),
      },
      {
        key: `${key}.kB`,
        label: `${label}: size`,
        unit: "kB",
        value: median(values((t) => t.bytes / 1024)),
        runs: values((t) => t.bytes / 1024),
      },
    );
  }
  return figures;
}
