import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ExternalFormFrame } from '@/components/ExternalFormFrame'
import { registries } from './fixtures'

describe('ExternalFormFrame', () => {
  it('embeds the form in a lazy, titled frame of a set height', () => {
    const { container } = render(<ExternalFormFrame form={registries.forms.get('application')!} />)
    const frame = container.querySelector('iframe')!
    expect(frame).toHaveAttribute('src', 'https://form.jotform.com/123')
    expect(frame).toHaveAttribute('title', 'Inspection application')
    expect(frame).toHaveAttribute('loading', 'lazy')
    expect(frame).toHaveAttribute('height', '1400')
    expect(frame).not.toHaveAttribute('allow')
  })

  it('lets only payment forms use the Payment API', () => {
    const form = { ...registries.forms.get('application')!, payment: true }
    const { container } = render(<ExternalFormFrame form={form} />)
    expect(container.querySelector('iframe')).toHaveAttribute('allow', 'payment')
  })

  it('offers a visible link that opens the form in a new tab, safely', () => {
    render(<ExternalFormFrame form={registries.forms.get('application')!} />)
    const link = screen.getByRole('link', {
      name: /open the inspection application.*opens in a new tab/i,
    })
    expect(link).toHaveAttribute('href', 'https://form.jotform.com/123')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })
})
