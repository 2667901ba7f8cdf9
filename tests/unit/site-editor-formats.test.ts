import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import matter from 'gray-matter'
import { splitFrontmatter } from '#lib/content/frontmatter.ts'
import prettier from 'prettier'
import { describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import {
  COMMENT_FIELD,
  pageFormat,
  QUOTES_FIELD,
  REGISTRY_SHAPES,
  registryFormat,
  writeYaml,
  type Format,
} from '#site-editor/formats.ts'
import { LIST_FIELD, TYPE_KEY } from '#site-editor/kinds.ts'
import { REGISTRY_NAMES, type RegistryName } from '#lib/content/source.ts'
import { FIXTURE, fixtureCopy, problemsIn } from '../helpers/content.ts'

// The site editor reads every content file with the site's own formats and
// writes it back as a careful person would. Saving without a change changes
// no byte of the test content; files written by hand (fields in any order,
// comments anywhere) keep their data and every comment; whatever the editor
// writes is left as it is by Prettier (npm run fix:content) and passes the
// content check. (The real content is never read here: the browser test of
// the editor saves real files, and the content check reads them.)

const registryText = (dir: string, name: RegistryName) =>
  readFileSync(join(dir, 'data', `${name}.yaml`), 'utf8')
const pagesIn = (dir: string) =>
  readdirSync(join(dir, 'pages'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ name: f, text: readFileSync(join(dir, 'pages', f), 'utf8') }))

const meetingsIn = (dir: string) =>
  readdirSync(join(dir, 'data', 'meetings')).map((f) => ({
    name: f,
    text: readFileSync(join(dir, 'data', 'meetings', f), 'utf8'),
  }))

/**
 * Changes the first text a clerk can edit in a file's data (not an id, not
 * a hidden field): appends " changed". False if there is none.
 */
function changeFirstText(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(changeFirstText)
  if (!value || typeof value !== 'object') return false
  const data = value as Record<string, unknown>
  for (const [key, inner] of Object.entries(data)) {
    if (key.startsWith('_') || key === 'id' || key === 'body') continue
    if (typeof inner === 'string' && !inner.includes('\n')) {
      data[key] = `${inner} changed`
      return true
    }
    if (changeFirstText(inner)) return true
  }
  return false
}

const resave = (name: RegistryName, text: string) =>
  registryFormat(name).toFile(registryFormat(name).fromFile(text))
const resavePage = (text: string) => pageFormat.toFile(pageFormat.fromFile(text))
/**
 * A file as the writer writes it by its own rules: the file's own quoting
 * (which a save keeps) left out. That is what Prettier must leave as it is.
 */
const ownStyle = (format: Format, text: string) => {
  const data = format.fromFile(text)
  delete data[QUOTES_FIELD]
  return format.toFile(data)
}

const prettierOptions = {
  ...(JSON.parse(readFileSync('.prettierrc.json', 'utf8')) as object),
  parser: 'yaml',
}
const prettierLeaves = async (yaml: string) =>
  expect(await prettier.format(yaml, prettierOptions)).toBe(yaml)

/** The frontmatter of a page, as YAML text. */
const frontmatterOf = (text: string) => /^---\n([\s\S]*?)---\n/.exec(text)![1]!
/** The comment lines at the top of a YAML text. */
const topComment = (text: string) => /^(?:#.*\n|\n)*/.exec(text)![0].trim()

describe('saving a file without changing it', () => {
  it.each(REGISTRY_NAMES)('changes no byte of the test registry %s', (name) => {
    const text = registryText(FIXTURE, name)
    expect(resave(name, text)).toBe(text)
  })

  it('changes no byte of a test page', () => {
    for (const { name, text } of pagesIn(FIXTURE)) expect(resavePage(text), name).toBe(text)
  })

  it('changes no byte of a test file of meeting records', () => {
    for (const { name, text } of meetingsIn(FIXTURE))
      expect(resave('documents', text), name).toBe(text)
  })

  // Each file as the editor reads and writes it: every registry, each year
  // of meeting records, each page.
  const everyFile = () => [
    ...REGISTRY_NAMES.map((name) => ({
      name,
      text: registryText(FIXTURE, name),
      format: registryFormat(name),
    })),
    ...meetingsIn(FIXTURE).map(({ name, text }) => ({
      name,
      text,
      format: registryFormat('documents'),
    })),
    ...pagesIn(FIXTURE).map(({ name, text }) => ({ name, text, format: pageFormat })),
  ]

  it('changes only the line of the one field that changed, quoting of the others kept', () => {
    for (const { name, text, format } of everyFile()) {
      const data = format.fromFile(text)
      // (An empty list, such as no alerts, has nothing to change.)
      if (!changeFirstText(data)) continue
      const before = text.split('\n')
      const after = format.toFile(data).split('\n')
      expect(after.length, name).toBe(before.length)
      expect(
        after.filter((line, i) => line !== before[i]),
        name
      ).toEqual([expect.stringContaining(' changed')])
    }
  })

  it('writes the test content as Prettier leaves it (npm run fix:content), but for the quotes a file keeps', async () => {
    for (const { text, format } of everyFile())
      await prettierLeaves(
        format === pageFormat ? frontmatterOf(ownStyle(format, text)) : ownStyle(format, text)
      )
  })

  /**
   * A registry as staff may write it by hand: keys in another order, a
   * comment between entries, a one-line message and a `|` block.
   */
  function handWritten(name: RegistryName): string {
    const reorder = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reorder)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reorder(v)])
            )
          : value
    const data = reorder(parse(registryText(FIXTURE, name)) as unknown)
    const text = stringify(data, { lineWidth: 0 })
    const lines = text.split('\n')
    // A note further down the file, where people put them.
    lines.splice(Math.min(3, lines.length - 1), 0, '# A note in the middle of the file.')
    return `${topComment(registryText(FIXTURE, name))}\n${lines.join('\n')}`
  }

  it.each(REGISTRY_NAMES)(
    // Key order is shown byte for byte on the fixture files above; written
    // by hand, fields may come in any order, so only the data is compared.
    'keeps the data and every comment of %s.yaml written by hand',
    async (name) => {
      const text = handWritten(name)
      const saved = resave(name, text)
      expect(parse(saved)).toEqual(parse(text))
      expect(topComment(saved)).toContain(topComment(text))
      // A comment further down is moved to the top (content/README.md says so), never lost.
      const comments = (yaml: string) =>
        yaml
          .split('\n')
          .filter((line) => /^\s*#/.test(line))
          .map((line) => line.trim())
      for (const line of comments(text)) expect(comments(topComment(saved) + '\n')).toContain(line)
      // Written once, it is written the same way again, and Prettier leaves it as it is.
      expect(resave(name, saved)).toBe(saved)
      await prettierLeaves(ownStyle(registryFormat(name), saved))
    }
  )

  it('keeps an alert message exactly: one line stays one line, a block keeps its last line end', () => {
    // As content/README.md shows them, and as a clerk types one in the editor.
    for (const message of [
      'The office is closed for the holiday.',
      'A **burn ban**.\nNo fires.\n',
    ]) {
      const text = stringify([
        { id: 'closed', level: 'information', start: '2026-12-24', end: '2026-12-26', message },
      ])
      const saved = resave('alerts', text)
      expect((parse(saved) as { message: string }[])[0]!.message).toBe(message)
    }
  })

  it('keeps the frontmatter data and the Markdown of every test page, fields in any order', async () => {
    for (const { name, text } of pagesIn(FIXTURE)) {
      const { data, content } = matter(text)
      const reordered = `---\n${stringify(Object.fromEntries(Object.entries(data).reverse()))}---\n${content}`
      const saved = resavePage(reordered)
      expect(matter(saved).data, name).toEqual(data)
      expect(matter(saved).content.trim(), name).toBe(content.trim())
      expect(resavePage(saved), name).toBe(saved)
      await prettierLeaves(frontmatterOf(ownStyle(pageFormat, saved)))
    }
  })

  /** Saves every registry and page of a content folder through the editor's formats. */
  const resaveAll = (dir: string) => {
    for (const name of REGISTRY_NAMES) {
      const file = join(dir, 'data', `${name}.yaml`)
      writeFileSync(file, resave(name, readFileSync(file, 'utf8')))
    }
    for (const { name, text } of pagesIn(dir))
      writeFileSync(join(dir, 'pages', name), resavePage(text))
  }

  it('leaves the test content passing the check', () => {
    const dir = fixtureCopy()
    resaveAll(dir)
    expect(problemsIn(dir, 'error')).toEqual([])
  })
})

describe('what the editor edits', () => {
  it('wraps a list registry as a list field and keeps its top comment in a hidden field', () => {
    const data = registryFormat('holidays').fromFile(registryText(FIXTURE, 'holidays'))
    expect(data[LIST_FIELD]).toContainEqual({ date: '2026-01-01', name: "New Year's Day" })
    expect(data[COMMENT_FIELD]).toMatch(/^# New Jersey state holidays/)
  })

  it('reads a text once, and gives each reader a copy of its own', () => {
    const text = registryText(FIXTURE, 'holidays')
    const first = registryFormat('holidays').fromFile(text)
    ;(first[LIST_FIELD] as { name: string }[])[0]!.name = 'Changed by the first reader'
    const page = pageFormat.fromFile(pagesIn(FIXTURE)[0]!.text)
    page.title = 'Changed too'
    expect(registryFormat('holidays').fromFile(text)).toEqual(
      registryFormat('holidays').fromFile(registryText(FIXTURE, 'holidays') + '\n')
    )
    expect(pageFormat.fromFile(pagesIn(FIXTURE)[0]!.text).title).not.toBe('Changed too')
  })

  it('edits a map of figures as a list, each entry naming its kind', () => {
    const data = registryFormat('facts').fromFile(
      "co-alarm-life: 7 years\nresumed: { date: '2021-12-13' }\n"
    )
    expect(data[LIST_FIELD]).toEqual([
      { [TYPE_KEY]: 'text', id: 'co-alarm-life', value: '7 years' },
      { [TYPE_KEY]: 'date', id: 'resumed', date: '2021-12-13' },
    ])
  })

  it('names the kind of each menu item: a page, an outside link or a dropdown', () => {
    const data = registryFormat('navigation').fromFile(registryText(FIXTURE, 'navigation'))
    const main = data.main as Record<string, unknown>[]
    expect(main.map((item) => item[TYPE_KEY])).toEqual(['route', 'items'])
    expect((main[1]!.items as Record<string, unknown>[]).map((i) => i[TYPE_KEY])).toEqual([
      'route',
      'link',
    ])
  })

  it('edits tile groups as a list of groups, and the page text as it is', () => {
    const text = `---\nroute: /x\ntitle: X\ndescription: A page with tiles, to test the editor's format.\nsection: home\ntiles:\n  apply:\n    - label: Apply\n      route: /apply\n    - label: Rules\n      document: rules\n---\n\n## Heading\n\n@tiles apply\n`
    const data = pageFormat.fromFile(text)
    expect(data.tiles).toEqual([
      {
        id: 'apply',
        value: [
          { [TYPE_KEY]: 'route', label: 'Apply', route: '/apply' },
          { [TYPE_KEY]: 'document', label: 'Rules', document: 'rules' },
        ],
      },
    ])
    expect(data.body).toBe('## Heading\n\n@tiles apply\n')
    expect(pageFormat.toFile(data)).toBe(text)
  })
})

describe('writing as a careful person would', () => {
  const write = (name: RegistryName, data: unknown) => writeYaml(data, REGISTRY_SHAPES[name])

  it('puts keys in the order of the schema, whatever order the editor holds them in', () => {
    expect(
      write('documents', [
        { url: 'https://a.example/x.pdf', type: 'pdf', kind: 'budget', title: 'X', id: 'x' },
      ])
    ).toBe('- id: x\n  title: X\n  kind: budget\n  type: pdf\n  url: https://a.example/x.pdf\n')
  })

  it('leaves out empty fields and switches that are off', () => {
    expect(
      write('forms', [
        {
          id: 'f',
          title: 'F',
          provider: 'jotform',
          url: 'https://form.jotform.com/1',
          payment: false,
          height: '',
        },
      ])
    ).toBe('- id: f\n  title: F\n  provider: jotform\n  url: https://form.jotform.com/1\n')
  })

  it('writes amounts with cents, and numbers typed as text as numbers', () => {
    const fees = parse(registryText(FIXTURE, 'fees'))
    fees.inspection.tiers[0].amount = '47.5'
    fees.inspection.reinspection = 30
    const text = write('fees', fees)
    expect(text).toContain('      amount: 47.50\n')
    expect(text).toContain('  reinspection: 30.00\n')
    expect(text).toContain('      percent: 2.5\n')
    expect(text).toContain('      minBusinessDays: 11\n')
  })

  it('quotes dates and text that looks like a number, in single quotes', async () => {
    const text = write('alerts', [
      {
        id: 'ban',
        level: 'urgent',
        start: '2027-03-01',
        end: '2027-03-31',
        message: 'A **burn ban**: no open burning.',
      },
    ])
    expect(text).toBe(
      // One line stays one line (its value unchanged); quoted, as YAML needs for the colon.
      "- id: ban\n  level: urgent\n  start: '2027-03-01'\n  end: '2027-03-31'\n  message: 'A **burn ban**: no open burning.'\n"
    )
    const site = parse(registryText(FIXTURE, 'site'))
    const written = write('site', { ...site, address: { ...site.address, zip: '07001' } })
    expect(written).toContain("  zip: '07001'\n")
    await prettierLeaves(text)
    await prettierLeaves(written)
  })

  it('quotes text only when YAML needs it, with double quotes around a single quote', async () => {
    const text = write('links', [
      { id: 'a', label: 'Op: Holy Smokes', url: 'https://a.example/', type: 'website' },
      { id: 'b', label: "It's: here", url: 'https://b.example/', type: 'website' },
      { id: 'c', label: "Lincoln's Birthday", url: 'https://c.example/', type: 'website' },
      { id: 'd', label: 'yes', url: 'https://d.example/', type: 'website' },
    ])
    expect(text).toContain("  label: 'Op: Holy Smokes'\n")
    expect(text).toContain('  label: "It\'s: here"\n')
    expect(text).toContain("  label: Lincoln's Birthday\n")
    // A YAML 1.1 reader (gray-matter) would take a bare yes for true.
    expect(text).toContain("  label: 'yes'\n")
    await prettierLeaves(text)
  })

  it('trims text the schema trims, and writes text on several lines as a block', () => {
    const text = write('videos', [
      {
        id: 'v',
        title: '  Fire Is Fast ',
        provider: 'file',
        url: 'https://diuy0t6boke2n.cloudfront.net/v.mp4',
        transcript: 'Line one.\n\nLine two.\n\n\n',
      },
    ])
    expect(text).toContain('  title: Fire Is Fast\n')
    expect(text).toContain('  transcript: |\n    Line one.\n\n    Line two.\n')
  })

  it('writes a list that is empty as []', () => {
    expect(registryFormat('alerts').toFile({ [LIST_FIELD]: [] })).toBe('[]\n')
  })

  it('keeps a field the schema does not know, last, so the content check can name it', () => {
    const dir = fixtureCopy()
    const format = registryFormat('links')
    const data = format.fromFile(registryText(dir, 'links'))
    ;(data[LIST_FIELD] as Record<string, unknown>[])[0]!.colour = 'red'
    const text = format.toFile(data)
    expect(text).toContain('  type: pdf\n  colour: red\n')
    writeFileSync(join(dir, 'data', 'links.yaml'), text)
    expect(problemsIn(dir, 'error').join('\n')).toMatch(/links\.yaml:\d+: .*"colour"/)
  })

  it('moves a comment from inside a file to its top comment instead of losing it', () => {
    const entry = (id: string) =>
      `- id: ${id}\n  label: ${id}\n  url: https://${id}.example/\n  type: website\n`
    const text = `# Links.\n\n${entry('a')}\n# Group two\n${entry('b')}  # a note\n`
    expect(resave('links', text)).toBe(
      `# Links.\n#\n# Group two\n# a note\n\n${entry('a')}${entry('b')}`
    )
  })
})

describe('a save through the editor', () => {
  it('passes the content check: a fee, an alert, a document and a new page', () => {
    const dir = fixtureCopy()
    const save = (name: RegistryName, change: (data: Record<string, unknown>) => void) => {
      const format = registryFormat(name)
      const data = format.fromFile(registryText(dir, name))
      change(data)
      writeFileSync(join(dir, 'data', `${name}.yaml`), format.toFile(data))
    }
    save('fees', (data) => {
      const tiers = (data.inspection as { tiers: { id: string; amount: unknown }[] }).tiers
      tiers.find((t) => t.id === 'standard')!.amount = 42.5
    })
    save('alerts', (data) => {
      data[LIST_FIELD] = [
        {
          id: 'burn-ban',
          level: 'urgent',
          start: '2026-03-01',
          end: '2026-03-31',
          message: 'A **burn ban** is in effect. See [the fees](/fees).',
        },
      ]
    })
    save('documents', (data) => {
      ;(data[LIST_FIELD] as unknown[]).push({
        // In the order the editor might hold it, with the fields left empty.
        url: 'https://files.example.org/budget-2027.pdf',
        id: 'budget-2027',
        title: '2027 budget',
        kind: 'budget',
        year: 2027,
        type: 'pdf',
        language: '',
        note: '',
      })
    })
    const page = pageFormat.toFile({
      route: '/new-page',
      title: 'A new page',
      description: 'A page made in the editor, with a fee and a document.',
      section: 'about',
      layout: '',
      draft: false,
      body: 'It costs {{fee:standard}}.\n\n@document budget-2027\n',
    })
    expect(page).toBe(
      '---\nroute: /new-page\ntitle: A new page\ndescription: A page made in the editor, with a fee and a document.\nsection: about\n---\n\nIt costs {{fee:standard}}.\n\n@document budget-2027\n'
    )
    writeFileSync(join(dir, 'pages', 'new-page.md'), page)
    expect(problemsIn(dir, 'error')).toEqual([])
    expect(registryText(dir, 'fees')).toContain('      amount: 42.50\n')
    expect(registryText(dir, 'documents')).toContain(
      '- id: budget-2027\n  title: 2027 budget\n  kind: budget\n  year: 2027\n  type: pdf\n  url: https://files.example.org/budget-2027.pdf\n'
    )
  })
})

describe('reading frontmatter as the content check does', () => {
  it('cuts the file where the check does (one splitter): a --- line in the text stays text', () => {
    const text = '---\nroute: /x\ntitle: X\n---\n\nAbove.\n\n---\n\nBelow.\n'
    const data = pageFormat.fromFile(text)
    expect(data).toMatchObject({ route: '/x', title: 'X', body: 'Above.\n\n---\n\nBelow.\n' })
    expect(splitFrontmatter(text)).toEqual({
      yaml: 'route: /x\ntitle: X\n',
      body: '\nAbove.\n\n---\n\nBelow.\n',
      bodyLine: 4,
    })
  })

  it('reads YAML 1.2: `draft: yes` is the text "yes", which the check refuses, not a yes', () => {
    const data = pageFormat.fromFile('---\nroute: /x\ndraft: yes\n---\n\nText.\n')
    expect(data.draft).toBe('yes')
    const dir = fixtureCopy()
    writeFileSync(
      join(dir, 'pages', 'x.md'),
      '---\nroute: /x\ntitle: X\ndescription: A page whose draft field says yes instead of true.\nsection: about\ndraft: yes\n---\n\nText.\n'
    )
    expect(problemsIn(dir, 'error')).toEqual([
      expect.stringMatching(/pages\/x\.md:6: field "draft" should be true or false/),
    ])
  })
})
