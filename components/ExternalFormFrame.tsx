import { NewTabLink } from '@/components/NewTabLink'
import type { FormEntry } from '@/lib/content/schemas'

type ExternalFormFrameProps = { form: FormEntry }

/**
 * An external form (JotForm) in a lazy frame, with a visible link that opens
 * the same form in a new tab for when the frame fails to load or is too
 * small to use comfortably.
 */
export function ExternalFormFrame({ form }: ExternalFormFrameProps) {
  return (
    <div className="my-8">
      <p className="mb-3 rounded border-l-4 border-brand bg-panel px-4 py-3">
        If the form below does not load or is hard to use on your screen,{' '}
        <NewTabLink href={form.url}>open the {lowerFirst(form.title)}</NewTabLink>.
      </p>
      <iframe
        src={form.url}
        title={form.title}
        height={form.height}
        loading="lazy"
        allow={form.payment ? 'payment' : undefined}
        className="block w-full rounded border border-line"
      />
    </div>
  )
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text
}
