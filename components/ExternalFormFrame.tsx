import { NewTabLink } from '#components/NewTabLink.tsx'
import type { FormEntry, Site } from '#lib/content/schemas.ts'
import { phoneHref, phoneText } from '#lib/labels.ts'

type ExternalFormFrameProps = { form: FormEntry; contact: Pick<Site, 'phone' | 'email'> }

/**
 * An external form (JotForm) in a frame, with a new-tab link and the bureau's phone and e-mail.
 * The frame loads once the page is drawn (form-frames.ts); without JavaScript, its <noscript> copy.
 */
export function ExternalFormFrame({ form, contact }: ExternalFormFrameProps) {
  const frameProps = {
    height: form.height,
    allow: form.payment ? 'payment' : undefined,
    className: 'block w-full rounded border border-line',
  }
  return (
    <div className="my-8">
      <div className="mb-3 max-w-prose space-y-2 rounded border-l-4 border-brand bg-panel px-4 py-3">
        <p>
          If the form below does not load or is hard to use on your screen,{' '}
          <NewTabLink href={form.url}>
            open the {form.title.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}
          </NewTabLink>
          .
        </p>
        <p>
          To reach the bureau another way, call{' '}
          <a href={phoneHref(contact.phone)}>{phoneText(contact.phone)}</a> or e-mail{' '}
          <a href={`mailto:${contact.email}`} className="break-words">
            {contact.email}
          </a>
          .
        </p>
      </div>
      <iframe data-src={form.url} title={form.title} {...frameProps} />
      <noscript>
        <iframe src={form.url} loading="lazy" title={form.title} {...frameProps} />
      </noscript>
    </div>
  )
}
