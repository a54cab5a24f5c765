/**
 * Reads a V8 .cpuprofile (from `node --cpu-prof`, e.g. BENCH_CPU_PROF=1 npm run bench) and
 * prints where the time went: functions by self time, and by total time (self plus callees).
 * Usage: node --import tsx test/bench/profile-summary.ts <file.cpuprofile> [rows] [within]
 * With `within` (part of a function name, e.g. parserOnIncoming), only samples whose stack passes
 * through that function count: the request handling of a server, without its start-up.
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { ROOT } from './processes'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame
  const file = url === '' ? '' : relative(ROOT, url.replace(/^file:\/\//, ''))
  return `${functionName === '' ? '(anonymous)' : functionName} ${file === '' ? '' : `${file}:${lineNumber + 1}`}`.trim()
}

export function summarise(profile: Profile, rows: number, within?: string): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const stack = (id: number): ProfileNode[] => {
    const frames: ProfileNode[] = []
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      frames.push(byId.get(current) as ProfileNode)
    }
    return frames
  }
  const counted = (id: number) => within === undefined || stack(id).some((node) => frameName(node).includes(within))
  const selfTime = new Map<number, number>()
  profile.samples.forEach((id, index) => {
    if (counted(id)) selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0))
  })
  const total = [...selfTime.values()].reduce((sum, value) => sum + value, 0)

  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  for (const [id, time] of selfTime) {
    const node = byId.get(id) as ProfileNode
    self.set(frameName(node), (self.get(frameName(node)) ?? 0) + time)
    // Count each function once per stack, however deep its recursion.
    const seen = new Set<string>()
    for (const frame of stack(id)) {
      const name = frameName(frame)
      if (seen.has(name)) continue
      seen.add(name)
      inclusive.set(name, (inclusive.get(name) ?? 0) + time)
    }
  }
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`)
      .join('\n')
  const scope = within === undefined ? '' : ` within ${within}`
  return `Sampled ${(total / 1000).toFixed(0)} ms${scope}\n\nSelf time:\n${top(self)}\n\nTotal time (self + callees):\n${top(inclusive)}`
}

const [file, rows = '30', within] = process.argv.slice(2)
if (file === undefined) {
  console.error('Usage: node --import tsx test/bench/profile-summary.ts <file.cpuprofile> [rows]')
  process.exitCode = 2
} else {
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(rows), within))
}
