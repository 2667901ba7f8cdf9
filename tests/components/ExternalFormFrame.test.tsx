import { render, screen } from '@testing-library/react'
import { JSDOM } from 'jsdom'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ExternalFormFrame } from '#components/ExternalFormFrame.tsx'
import type { FormEntry } from '#lib/content/schemas.ts'
import { phoneHref } from '#lib/labels.ts'
import { registries } from './fixture-content.ts'

const form = registries.forms.get('application')!
const contact = registries.site

/**
 * The frames as the build writes them: React leaves what is inside
 * <noscript> out when it renders in a browser, so this renders to HTML.
 */
function builtFrames(entry: FormEntry) {
  const html = renderToStaticMarkup(<ExternalFormFrame form={entry} contact={contact} />)
  // Parsed as a browser without JavaScript would, which reads inside <noscript>.
  const frames = [...new JSDOM(html).window.document.querySelectorAll('iframe')]
  expect(frames).toHaveLength(2)
  return frames
}

describe('ExternalFormFrame', () => {
  it('waits as an empty, titled box of the form height, with a frame for pages without JavaScript', () => {
    const [waiting, fallback] = builtFrames(form)
    // The shared browser script gives it its address once the page is drawn.
    expect(waiting).toHaveAttribute('data-src', form.url)
    expect(waiting).not.toHaveAttribute('src')
    expect(waiting!.parentElement!.tagName).toBe('DIV')
    // Without JavaScript, this one loads instead (the stylesheet hides the box).
    expect(fallback!.parentElement!.tagName).toBe('NOSCRIPT')
    expect(fallback).toHaveAttribute('src', form.url)
    // The waiting one loads as soon as it has its address (a visitor to a form
    // page has come for the form; lazy loading measured a later long task).
    expect(waiting).not.toHaveAttribute('loading')
    expect(fallback).toHaveAttribute('loading', 'lazy')
    for (const frame of [waiting, fallback]) {
      expect(frame).toHaveAttribute('title', form.title)
      expect(frame).toHaveAttribute('height', String(form.height))
      expect(frame).not.toHaveAttribute('allow')
    }
  })

  it('lets only payment forms use the Payment API', () => {
    for (const frame of builtFrames({ ...form, payment: true }))
      expect(frame).toHaveAttribute('allow', 'payment')
  })

  it('offers a link that opens the form in a new tab, safely, with a name that reads well', () => {
    render(<ExternalFormFrame form={form} contact={contact} />)
    const link = screen.getByRole('link', {
      name: 'open the inspection application (opens in a new tab)',
    })
    expect(link).toHaveAttribute('href', form.url)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('gives the bureau phone and e-mail as another way to reach it', () => {
    render(<ExternalFormFrame form={form} contact={contact} />)
    expect(screen.getByRole('link', { name: /\(555\).*010.0100/ })).toHaveAttribute(
      'href',
      phoneHref(contact.phone)
    )
    expect(screen.getByRole('link', { name: contact.email })).toHaveAttribute(
      'href',
      `mailto:${contact.email}`
    )
  })
})
