import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { signedIn, siteSource } from '#site-editor/backend.ts'
import { pageFormat, registryFormat } from '#site-editor/formats.ts'
import { LIST_FIELD } from '#site-editor/kinds.ts'
import { createPreview, PreviewView } from '#site-editor/preview.tsx'
import {
  checkPreview,
  type PreviewProps,
  type PreviewTarget,
} from '#site-editor/preview-content.ts'
import { readContentSource } from '#lib/content/disk.ts'
import { REGISTRY_NAMES, type SourceFile } from '#lib/content/source.ts'
import { checkContent } from '#lib/content/index.ts'
import { formatMoney } from '#lib/money.ts'
import { FIXTURE } from '../helpers/content.ts'
import { doc, registries } from './fixture-content.ts'

// The editor's preview runs the content check on the entry being edited with
// the rest of the content, and draws the result with the site's components:
// a page as the page (fee tokens, @ lines), a registry as the pages show it,
// and a mistake as the check's message in plain words.

/** The test content, named as the editor names files: content/pages/fees.md */
const source = (() => {
  const read = readContentSource(FIXTURE)
  const rename = <T extends { path: string }>(file: T): T => ({
    ...file,
    path: file.path.replace(/^.*?content\//, 'content/'),
  })
  return {
    root: 'content',
    pages: read.pages.map(rename),
    captions: read.captions.map(rename),
    meetings: read.meetings.map(rename),
    refused: [],
    registries: Object.fromEntries(
      Object.entries(read.registries).map(([name, file]) => [name, rename(file)])
    ),
  }
})()
const text = (path: string) => readFileSync(join(FIXTURE, path), 'utf8')
const standardFee = registries.fees.inspection.tiers.find((t) => t.id === 'standard')!.amount

function show(target: PreviewTarget, data: Record<string, unknown>, path?: string) {
  return render(
    <PreviewView
      result={checkPreview(source, target, { data, path })}
      target={target}
      title="Fees"
    />
  )
}

/** The test content's documents with a 2031 budget added, as staff add one in the editor. */
function documentsWithNewBudget() {
  const data = registryFormat('documents').fromFile(text('data/documents.yaml'))
  ;(data[LIST_FIELD] as unknown[]).push({
    id: 'budget-2031',
    title: '2031 budget',
    kind: 'budget',
    year: 2031,
    type: 'pdf',
    url: 'https://files.example.org/budget-2031.pdf',
  })
  return data
}

const pageData = (body: string, extra: Record<string, unknown> = {}) => ({
  ...pageFormat.fromFile(text('pages/fees.md')),
  body,
  ...extra,
})

describe('the preview of a page', () => {
  it('shows the page in the site frame, with fee tokens and @document lines filled in', () => {
    show(
      { kind: 'page' },
      pageData('The fee is {{fee:standard}}.\n\n@document budget-2019\n'),
      'content/pages/fees.md'
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fees')
    expect(screen.getByText(`The fee is ${formatMoney(standardFee)}.`)).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: new RegExp(doc('budget-2019').title) })
    ).toHaveAttribute('href', doc('budget-2019').url)
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
  })

  it('shows a new page, and a draft as it will look once published, with its @video lines', async () => {
    const { container } = show(
      { kind: 'page' },
      {
        route: '/brand-new',
        title: 'A brand new page',
        description: 'A page made in the editor, not saved yet, in the preview.',
        section: 'about',
        draft: true,
        body: '@video fire-is-fast\n\n@video reading\n',
      }
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('A brand new page')
    // Each video as the site's VideoEmbed draws it: the file in a player with
    // its captions, YouTube as a poster whose button loads the player in
    // place, both with the video's own title.
    const file = registries.videos.get('fire-is-fast')!
    const youtube = registries.videos.get('reading')!
    expect(screen.getByText(file.title, { selector: 'figcaption' })).toBeInTheDocument()
    const player = container.querySelector('video')!
    expect(player).toHaveAttribute('src', file.url)
    expect(player.querySelector('track[kind="captions"]')).toHaveAttribute(
      'src',
      expect.stringContaining(file.captions!)
    )
    // Its controls come once the preview is drawn, as on the site.
    await waitFor(() => expect(player).toHaveAttribute('controls'))
    expect(screen.getByText(youtube.title, { selector: 'figcaption' })).toBeInTheDocument()
    expect(screen.queryByTitle(youtube.title)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: `Play “${youtube.title}” from YouTube` }))
    expect(screen.getByTitle(youtube.title).tagName).toBe('IFRAME')
    expect(screen.getByTitle(youtube.title)).toHaveFocus()
  })

  it('says a new page is in no menu with the page as its subject, and names Menus, where the clerk adds it', () => {
    show(
      { kind: 'page' },
      {
        route: '/brand-new',
        title: 'A brand new page',
        description: 'A page made in the editor, not saved yet, in the preview.',
        section: 'about',
        body: 'Some words.',
      }
    )
    const notice = screen.getByRole('status')
    expect(notice).toHaveTextContent(/^Worth a look.*This page is in no menu/)
    expect(notice).toHaveTextContent(/Add it to a menu in Menus/)
  })

  it('loads its form frames, as the shared browser script does on the site', async () => {
    const form = [...registries.forms.values()][0]!
    show({ kind: 'page' }, pageData(`Fill it in.\n\n@form ${form.id}\n`), 'content/pages/fees.md')
    await waitFor(() => expect(screen.getByTitle(form.title)).toHaveAttribute('src', form.url))
  })

  it('says what is wrong in plain words, with the file and line, instead of breaking', () => {
    show({ kind: 'page' }, pageData('Text.\n\n@document budget-2091\n'), 'content/pages/fees.md')
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The site cannot be built with this change yet')
    expect(alert).toHaveTextContent(/content\/pages\/fees\.md, line \d+:/)
    expect(alert).toHaveTextContent('"budget-2091"')
    expect(alert).toHaveTextContent('Did you mean "budget-2019"?')
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
  })

  it('does not give the editor a page policy of its own', () => {
    const { container } = show({ kind: 'page' }, pageData('Text.\n'), 'content/pages/fees.md')
    expect(document.querySelector('meta[http-equiv="Content-Security-Policy"]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
  })
})

describe('checking the preview', () => {
  it('checks the same content and entry once, as a Save draws the preview again', () => {
    const entry = () => ({
      data: pageFormat.fromFile(text('pages/fees.md')),
      path: 'content/pages/fees.md',
    })
    const first = checkPreview(structuredClone(source), { kind: 'page' }, entry())
    expect(checkPreview(structuredClone(source), { kind: 'page' }, entry())).toBe(first)
    const changed = { ...entry(), data: { ...entry().data, title: 'Other title' } }
    expect(checkPreview(source, { kind: 'page' }, changed)).not.toBe(first)
  })
})

describe('the preview of a registry', () => {
  it('shows the fees as the fee tables and the tokens show them, with the edited amount', () => {
    const data = registryFormat('fees').fromFile(text('data/fees.yaml'))
    const fees = data.inspection as { tiers: { id: string; amount: number }[] }
    fees.tiers.find((t) => t.id === 'standard')!.amount = 47.5
    show({ kind: 'registry', name: 'fees' }, data)
    const [inspection] = screen.getAllByRole('table')
    expect(within(inspection!).getByText('$47.50')).toBeInTheDocument()
    expect(screen.getByText(/is \$47\.50, for/)).toBeInTheDocument()
  })

  it('shows a new document on the page that lists it, as visitors will see it', () => {
    const data = documentsWithNewBudget()
    show({ kind: 'registry', name: 'documents' }, data)
    // The fee page of the test content lists budgets (@documents budget).
    expect(screen.getByRole('heading', { name: /On the page Fees \(\/fees\)/ })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '2031' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /2031 budget/ })).toBeInTheDocument()
    expect(screen.queryByText(/^Kind:/)).toBeNull()
  })

  it('gives the players on the page that lists a document their controls, as the site does', async () => {
    // The fee page of the test content, with a video below its budgets.
    const withVideo = {
      ...source,
      pages: source.pages.map((file) =>
        file.path === 'content/pages/fees.md'
          ? { ...file, text: `${file.text}\n@video fire-is-fast\n` }
          : file
      ),
    }
    const target: PreviewTarget = { kind: 'registry', name: 'documents' }
    const data = documentsWithNewBudget()
    const { container } = render(
      <PreviewView
        result={checkPreview(withVideo, target, { data })}
        target={target}
        title="Fees"
      />
    )
    expect(screen.getByRole('heading', { name: /On the page Fees \(\/fees\)/ })).toBeInTheDocument()
    const player = container.querySelector('video')!
    expect(player).toHaveAttribute('src', registries.videos.get('fire-is-fast')!.url)
    await waitFor(() => expect(player).toHaveAttribute('controls'))
  })

  it('shows nothing in red for an entry just added and still blank', () => {
    const data = registryFormat('alerts').fromFile(text('data/alerts.yaml'))
    ;(data[LIST_FIELD] as unknown[]).push({ id: '', level: '', start: '', end: '', message: '' })
    show({ kind: 'registry', name: 'alerts' }, data)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('names the file a new page will be saved to, not an empty name', () => {
    const result = checkPreview(
      source,
      { kind: 'page' },
      { data: pageData('<b>x</b>', { route: '/fire-drills' }) }
    )
    expect(result.state).toBe('checked')
    const problems = result.state === 'checked' ? result.problems : []
    expect(problems.map((p) => p.file)).toContain('content/pages/fire-drills.md')
    const blankPage = checkPreview(source, { kind: 'page' }, { data: { body: '' } })
    expect(blankPage.state).toBe('blank')
  })

  it('shows every alert with its dates, urgent ones marked', () => {
    const data = registryFormat('alerts').fromFile(text('data/alerts.yaml'))
    data[LIST_FIELD] = [
      {
        id: 'burn-ban',
        level: 'urgent',
        start: '2030-03-01',
        end: '2030-03-31',
        message: 'A **burn ban** is in effect.',
      },
    ]
    show({ kind: 'registry', name: 'alerts' }, data)
    // Four-digit years in the preview, so a mistyped year (1906) is plain to see.
    expect(
      screen.getByText('Shown from Friday, March 1, 2030 to Sunday, March 31, 2030:')
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: /Urgent notice/ })).toHaveTextContent(
      'A burn ban is in effect.'
    )
  })

  it('lists the menus in full, each link checked', () => {
    const data = registryFormat('navigation').fromFile(text('data/navigation.yaml'))
    show({ kind: 'registry', name: 'navigation' }, data)
    const main = screen.getByRole('heading', { name: 'Main menu' }).nextElementSibling!
    expect(within(main as HTMLElement).getByRole('link', { name: 'Fees' })).toHaveAttribute(
      'href',
      '/fees/'
    )
    expect(within(main as HTMLElement).getByRole('link', { name: /NFPA tips/ })).toHaveAttribute(
      'href',
      registries.links.get('nfpa')!.url
    )
    ;(data.footer as { route?: string }[])[0]!.route = '/no-such-page'
    show({ kind: 'registry', name: 'navigation' }, data)
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('"/no-such-page"')
  })

  it('says so when two figures share an id, instead of keeping one of them', () => {
    const data = registryFormat('facts').fromFile(text('data/facts.yaml'))
    const items = data[LIST_FIELD] as Record<string, unknown>[]
    items.push({ ...items[0]!, value: 'another value' })
    const result = checkPreview(source, { kind: 'registry', name: 'facts' }, { data })
    render(<PreviewView result={result} target={{ kind: 'registry', name: 'facts' }} title="x" />)
    expect(screen.getByRole('alert')).toHaveTextContent(
      `content/data/facts.yaml: Two entries have the id "${String(items[0]!.id)}"`
    )
  })

  it('reports a rule the editor cannot check itself: an alert that ends before it starts', () => {
    const data = registryFormat('alerts').fromFile(text('data/alerts.yaml'))
    data[LIST_FIELD] = [
      { id: 'late', level: 'information', start: '2030-03-31', end: '2030-03-01', message: 'x' },
    ]
    show({ kind: 'registry', name: 'alerts' }, data)
    expect(screen.getByRole('alert')).toHaveTextContent(
      /content\/data\/alerts\.yaml, line \d+:.*"end".*should be on or after "start"/
    )
  })

  it('gives a day typed with a two-digit year one cause, not a second, wrong one', () => {
    // As a clerk types it: the start with a two-digit year, the end in full.
    for (const [start, end] of [
      ['3/10/30', '2030-03-12'],
      ['2030-03-10', '3/12/30'],
    ]) {
      const data = registryFormat('alerts').fromFile(text('data/alerts.yaml'))
      data[LIST_FIELD] = [{ id: 'closed', level: 'information', start, end, message: 'Closed.' }]
      show({ kind: 'registry', name: 'alerts' }, data)
      const causes = within(screen.getAllByRole('alert').at(-1)!).getAllByRole('listitem')
      expect(causes.map((c) => c.textContent)).toEqual([
        expect.stringMatching(
          new RegExp(`"${start === '3/10/30' ? 'start' : 'end'}" has a two-digit year`)
        ),
      ])
    }
  })
})

describe('the content the preview reads through the signed-in editor', () => {
  /** Decap's backend, signed in: each folder's files and the registry files, as text. */
  const files = [
    ...source.pages,
    ...source.captions,
    ...source.meetings,
    ...Object.values(source.registries),
  ]
  const read = ({ path, text }: SourceFile) => ({ data: text, file: { path } })
  let reads = 0
  /** Decap's entry data: an Immutable map, here stood in for by toJS. */
  const immutable = (value: unknown) => ({ toJS: () => value })
  const backend = {
    entriesByFolder: async (folder: string) => {
      reads++
      return files.filter((f) => dirname(f.path) === folder).map(read)
    },
    entriesByFiles: async (wanted: { path: string }[]) =>
      files.filter((f) => wanted.some((w) => w.path === f.path)).map(read),
  }
  beforeEach(() => void (signedIn.backend = backend as unknown as typeof signedIn.backend))
  afterAll(() => void (signedIn.backend = undefined))

  it('is the repository content, file for file', async () => {
    const loaded = await siteSource()
    expect(loaded.pages).toEqual(source.pages)
    for (const name of REGISTRY_NAMES)
      expect(loaded.registries[name]).toEqual(source.registries[name])
    expect(loaded.captions.map((c) => c.path)).toEqual(['content/captions/fire-is-fast.vtt'])
    expect(checkContent(loaded).content).toBeDefined()
  })

  it('says so when the rest of the site cannot be read', async () => {
    signedIn.backend = {
      ...backend,
      entriesByFiles: () => Promise.reject(new Error('GitHub did not answer')),
    } as unknown as typeof signedIn.backend
    const Preview = createPreview({ kind: 'page' }, 'Page')
    const entry = { get: () => undefined, getIn: () => undefined }
    render(<Preview entry={entry} />)
    expect(await screen.findByText(/GitHub did not answer/)).toHaveTextContent(
      'the rest of the site could not be read for the preview'
    )
  })

  it('is read when an entry opens, and the preview follows the entry', async () => {
    const Preview = createPreview({ kind: 'page' }, 'Page')
    const entry = (body: string) => ({
      get: (key: string) =>
        ({ data: immutable(pageData(body)), path: 'content/pages/fees.md', slug: 'fees' })[key],
      getIn: () => undefined,
    })
    const props = (body: string): PreviewProps => ({ entry: entry(body) })
    const { rerender } = render(<Preview {...props('First {{fee:standard}}.')} />)
    const before = reads
    expect(screen.getByText(/Loading the rest of the site/)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByText(`First ${formatMoney(standardFee)}.`)).toBeInTheDocument()
    )
    rerender(<Preview {...props('Second {{fee:standard}}.')} />)
    await waitFor(() =>
      expect(screen.getByText(`Second ${formatMoney(standardFee)}.`)).toBeInTheDocument()
    )
    // Typing checks the entry again; the rest of the site is not read again.
    expect(reads).toBe(before)
  })
})
