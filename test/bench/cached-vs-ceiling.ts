/**
 * A cached answer's CPU against the ceiling's, the two alone on the machine: this service (warmed,
 * then through both first-sight passes, as in `npm run bench`) and the ceiling replaying its answer
 * to `q` byte for byte, in alternating rounds. The full bench alternates three servers, so each
 * round also follows a round of the Iconify API; this says how much of the gap to the ceiling that is.
 *
 * Usage (after `npm run build && node src/start.mjs --build-only`):
 *   [Q=arrow] [ROUNDS=8] node --import tsx test/bench/cached-vs-ceiling.ts
 */
import { recordAll, startCeiling } from './ceiling'
import { CATALOGUE_API, waitForSearch } from './comparison'
import { cycle, measure, measureOnce } from './load'
import { spawnServer } from './processes'
import { firstSightQueries, moreFirstSightQueries, searchMix, warmupQueries } from './queries'
import { median } from './results'
import { startArguments } from './start-costs'

const queries = firstSightQueries()
const more = moreFirstSightQueries(queries)
const warmup = warmupQueries(searchMix())
  .map((query) => query.q)
  .filter((q) => !queries.includes(q) && !more.includes(q))
const paths = [CATALOGUE_API.search(process.env.Q ?? 'home')]
const rounds = Number(process.env.ROUNDS ?? 8)

const server = await spawnServer({ name: 'cached-vs-ceiling', args: startArguments(), tsx: false, env: { WORKERS: '1' } })
const ceiling = await startCeiling()
try {
  await waitForSearch(server, CATALOGUE_API)
  for (const pass of [warmup, queries, more]) await measureOnce(server.url, pass.map(CATALOGUE_API.search))
  await ceiling.load(await recordAll(server.url, paths))
  const contenders = [
    { name: 'this service', url: server.url, pid: server.child.pid as number, cpu: [] as number[] },
    { name: 'ceiling', url: ceiling.url, pid: ceiling.pid, cpu: [] as number[] }
  ]
  for (let round = 0; round < rounds; round++) {
    for (const contender of contenders) {
      const result = await measure(contender.url, cycle(paths), { durationSeconds: 3, warmupSeconds: 1 }, contender.pid)
      contender.cpu.push(result.cpuMicrosPerResponse ?? NaN)
    }
  }
  const [ours, bare] = contenders.map((contender) => median(contender.cpu)) as [number, number]
  for (const contender of contenders) console.log(`${contender.name}: ${contender.cpu.map((cpu) => cpu.toFixed(1)).join(' ')} µs per answer`)
  console.log(`medians ${ours.toFixed(1)} and ${bare.toFixed(1)} µs: ${Math.round((bare / ours) * 100)}% of the ceiling's CPU efficiency`)
} finally {
  await server.stop()
  await ceiling.stop()
}
