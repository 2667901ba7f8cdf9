import { z } from 'zod'

// The words staff see for a field in the site editor, on the content schemas themselves (zod
// metadata, read by site-editor/shape.ts): its label (`title`), its hint (`description`) and how
// the editor shows it (the keys below). A list says what one entry is called ("fee tier"), its summary line ("{{id}}: {{amount}}") and
// whether it shows open; a text whether it is Markdown; an id the file its entry is chosen from;
// a choice the words of values that do not read well ("pdf": "PDF"); a day the day it follows.
declare module 'zod' {
  interface GlobalMeta {
    singular?: string
    summary?: string
    open?: boolean
    markdown?: boolean
    relation?: 'documents' | 'links' | 'pages'
    choices?: Record<string, string>
    onOrAfter?: string
    /** The captions file, written by the captions workshop (site-editor/captions). */
    workshop?: boolean
  }
}

/** A field with the words staff see for it. */
type Meta = z.GlobalMeta
export const field = <T extends z.ZodType>(schema: T, title: string, hint = '', more: Meta = {}) =>
  schema.meta({ title, ...(hint ? { description: hint } : {}), ...more })
