import { describe, expect, it } from 'vitest'
import { activeAlerts, type RenderedAlert } from '#lib/content/alerts.ts'
import { loadContent } from '#tests/helpers/content.ts'
import { fixtureCopy, problemsIn, put } from '../helpers/content.ts'

const alert = (
  id: string,
  start: string,
  end: string,
  level: 'urgent' | 'information' = 'information'
): RenderedAlert => ({ id, level, start, end, message: 'x', html: '<p>x</p>' })

describe('which alerts show', () => {
  const alerts = [
    alert('past', '2026-01-01', '2026-01-31'),
    alert('now', '2026-11-01', '2026-11-30'),
    alert('urgent-now', '2026-11-22', '2026-11-22', 'urgent'),
    alert('future', '2026-12-01', '2026-12-31'),
  ]
  it('shows alerts from their start day to their end day, both included, urgent first', () => {
    expect(activeAlerts(alerts, '2026-11-22').map((a) => a.id)).toEqual(['urgent-now', 'now'])
    expect(activeAlerts(alerts, '2026-11-30').map((a) => a.id)).toEqual(['now'])
    expect(activeAlerts(alerts, '2026-12-01').map((a) => a.id)).toEqual(['future'])
    expect(activeAlerts(alerts, '2026-02-01')).toEqual([])
  })
  it("gives the page each alert's last day, so the shared browser script can hide it on time", () => {
    expect(activeAlerts(alerts, '2026-11-30')).toEqual([
      { id: 'now', level: 'information', html: '<p>x</p>', end: '2026-11-30' },
    ])
  })
})

describe('alerts.yaml', () => {
  it('renders messages as sanitized Markdown with checked links', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: burn-ban\n  level: urgent\n  start: '2026-11-01'\n  end: '2026-11-30'\n  message: |\n    A **burn ban** is on. See [fees](/fees). Call {{site:phone}}.\n"
    )
    const [rendered] = loadContent(dir).alerts
    expect(rendered!.html).toMatch(
      /^<p>A <strong>burn ban<\/strong> is on\. See <a href="\/fees\/">fees<\/a>\. Call <a href="tel:/
    )
  })

  it('refuses an alert that ends before it starts', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: closed\n  level: information\n  start: '2026-12-02'\n  end: '2026-12-01'\n  message: Closed.\n"
    )
    expect(problemsIn(dir, 'error')).toEqual([
      expect.stringMatching(
        /data\/alerts\.yaml:4: entry "closed": field "end" should be on or after "start"/
      ),
    ])
  })

  it('refuses a link to a missing page in a message, with its line', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: moved\n  level: information\n  start: '2026-12-01'\n  end: '2026-12-02'\n  message: |\n    See [the new page](/nowhere).\n"
    )
    expect(problemsIn(dir, 'error')).toEqual([
      expect.stringMatching(/data\/alerts\.yaml:6: links to "\/nowhere"/),
    ])
  })

  it('refuses an @ line in a message', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: video\n  level: information\n  start: '2026-12-01'\n  end: '2026-12-02'\n  message: |\n    Watch this.\n\n    @video reading\n"
    )
    expect(problemsIn(dir, 'error').join('\n')).toContain('can hold text and links only')
  })
})
