import { describe, expect, it } from 'vitest'
import { activeAlerts, type RenderedAlert } from '@/lib/content/alerts'
import { loadSiteContent } from '@/lib/content/site'
import { contentError, fixtureCopy, put } from '../helpers/content'

const alert = (
  id: string,
  start: string,
  end: string,
  level: 'urgent' | 'information' = 'information'
): RenderedAlert => ({
  id,
  level,
  start,
  end,
  message: 'x',
  html: '<p>x</p>',
})

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
})

describe('alerts.yaml', () => {
  it('renders messages as sanitized Markdown with checked links', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: burn-ban\n  level: urgent\n  start: '2026-11-01'\n  end: '2026-11-30'\n  message: |\n    A **burn ban** is on. See [fees](/fees). <script>alert(1)</script>\n"
    )
    const [rendered] = loadSiteContent(dir).alerts
    expect(rendered!.html).toContain(
      '<p>A <strong>burn ban</strong> is on. See <a href="/fees/">fees</a>.'
    )
    expect(rendered!.html).not.toContain('<script')
  })

  it('refuses an alert with a bad date, naming the file, entry and field', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: closed\n  level: information\n  start: '2026-11-31'\n  end: '2026-12-02'\n  message: Closed.\n"
    )
    expect(contentError(dir).message).toMatch(
      /data\/alerts\.yaml:3: entry "closed": field "start" /
    )
  })

  it('refuses an alert that ends before it starts', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: closed\n  level: information\n  start: '2026-12-02'\n  end: '2026-12-01'\n  message: Closed.\n"
    )
    expect(contentError(dir).message).toMatch(
      /data\/alerts\.yaml:\d+: entry "closed": field "end" should be on or after "start"/
    )
  })

  it('refuses a link to a missing page in a message, with its line', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: moved\n  level: information\n  start: '2026-12-01'\n  end: '2026-12-02'\n  message: |\n    See [the new page](/nowhere).\n"
    )
    expect(contentError(dir).message).toMatch(/data\/alerts\.yaml:6: links to "\/nowhere"/)
  })
})
