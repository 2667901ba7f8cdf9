import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ExternalFormFrame } from '@/components/ExternalFormFrame'
import { registries } from './fixture-content'

const form = registries.forms.get('application')!
const contact = registries.site

describe('ExternalFormFrame', () => {
  it('embeds the form in a lazy, titled frame of a set height', () => {
    const { container } = render(<ExternalFormFrame form={form} contact={contact} />)
    const frame = container.querySelector('iframe')!
    expect(frame).toHaveAttribute('src', form.url)
    expect(frame).toHaveAttribute('title', form.title)
    expect(frame).toHaveAttribute('loading', 'lazy')
    expect(frame).toHaveAttribute('height', String(form.height))
    expect(frame).not.toHaveAttribute('allow')
  })

  it('lets only payment forms use the Payment API', () => {
    const { container } = render(
      <ExternalFormFrame form={{ ...form, payment: true }} contact={contact} />
    )
    expect(container.querySelector('iframe')).toHaveAttribute('allow', 'payment')
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
      `tel:${contact.phone.dial}`
    )
    expect(screen.getByRole('link', { name: contact.email })).toHaveAttribute(
      'href',
      `mailto:${contact.email}`
    )
  })
})
