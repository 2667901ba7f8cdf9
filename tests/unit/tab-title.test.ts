import { describe, expect, it } from 'vitest'
import { tabTitle } from '#lib/metadata.ts'

const site = { name: 'Test Bureau' }

describe('browser tab titles', () => {
  it('end with the site name after the page title', () => {
    expect(tabTitle({ title: 'Fees' }, site)).toBe('Fees | Test Bureau')
  })

  it('use the short title when a page has one, and keep the site name', () => {
    expect(tabTitle({ title: 'A long page heading', shortTitle: 'Short' }, site)).toBe(
      'Short | Test Bureau'
    )
  })

  it('do not repeat the site name when the title already ends with it', () => {
    expect(tabTitle({ title: 'Welcome to the Test Bureau' }, site)).toBe(
      'Welcome to the Test Bureau'
    )
  })
})
