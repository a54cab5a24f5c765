/**
 * Servers measured side by side in alternating rounds: each round runs every contender once, one
 * after the other, and each keeps its median round, so a busy moment of the machine (another
 * process, a noisy neighbour on the VM) does not land on one side only.
 */
import { measure, type LoadResult, type LoadSettings, type PathSource } from './load'
import { median } from './results'

export interface Contender {
  url: string
  pid: number
  /** A new source per round: a cycle starts again from its first path. */
  source: () => PathSource
}

/**
 * The round of median req/s, with the median CPU per response of all rounds: the round picked by
 * its req/s can be one where the machine charged the server more CPU than usual, and the CPU figure
 * is what the ceiling goals are judged by.
 */
function medianRound(rounds: LoadResult[]): LoadResult {
  const middle = median(rounds.map((round) => round.requestsPerSecond))
  const picked = rounds.reduce((best, round) =>
    Math.abs(round.requestsPerSecond - middle) < Math.abs(best.requestsPerSecond - middle) ? round : best
  )
  const cpu = rounds.map((round) => round.cpuMicrosPerResponse).filter((value): value is number => value !== null)
  const busy = rounds.map((round) => round.serverCpu).filter((value): value is number => value !== null)
  return {
    ...picked,
    cpuMicrosPerResponse: cpu.length === 0 ? picked.cpuMicrosPerResponse : median(cpu),
    serverCpu: busy.length === 0 ? picked.serverCpu : median(busy)
  }
}

/**
 * Each contender's median round of `rounds`, in the contenders' order. Only the first round warms
 * up: by the next, every contender has answered this case already.
 */
export async function alternate(contenders: readonly Contender[], rounds: number, settings: LoadSettings): Promise<LoadResult[]> {
  const results: LoadResult[][] = contenders.map(() => [])
  for (let round = 0; round < rounds; round++) {
    const roundSettings = round === 0 ? settings : { ...settings, warmupSeconds: 0 }
    for (const [index, contender] of contenders.entries()) {
      results[index]?.push(await measure(contender.url, contender.source(), roundSettings, contender.pid))
    }
  }
  return results.map(medianRound)
}
