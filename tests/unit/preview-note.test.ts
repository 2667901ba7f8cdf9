import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { PREVIEW_RETENTION_DAYS, previewNote } from '#tools/review/preview-note.ts'

describe('previewNote', () => {
  it('links the artifact and says how to view it', () => {
    const note = previewNote(
      'site-preview-pr-7',
      'https://github.com/o/r/actions/runs/1/artifacts/2'
    )
    expect(note).toMatch(/^### Preview of this pull request\n/)
    expect(note).toContain(
      '[Download **site-preview-pr-7**](https://github.com/o/r/actions/runs/1/artifacts/2)'
    )
    expect(note).toContain(`kept for ${PREVIEW_RETENTION_DAYS} days`)
    expect(note).toContain('`npm run serve`')
    expect(note).toContain('`python3 -m http.server 8000`')
  })

  it('points to the run page when the download address is unknown', () => {
    const note = previewNote('site-preview-pr-7', '')
    expect(note).not.toContain('](')
    expect(note).toContain('Find **site-preview-pr-7** under **Artifacts**')
  })
})

describe('npm run preview:note', () => {
  it('prints the note, and fails without an artifact name', () => {
    const ok = spawnSync('npm', ['run', '--silent', 'preview:note', '--', 'site-preview-pr-7'], {
      encoding: 'utf8',
    })
    expect(ok.status).toBe(0)
    expect(ok.stdout).toBe(previewNote('site-preview-pr-7'))
    const bad = spawnSync('npm', ['run', '--silent', 'preview:note'], { encoding: 'utf8' })
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('Usage: npm run preview:note')
  })
})
