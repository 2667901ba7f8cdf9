import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

// Keyboard and pointer behaviour of the menus, with the site script on.
const FOCUS_YELLOW = 'rgb(255, 221, 0)'

async function tabTo(page: Page, name: RegExp) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    const text = await page.evaluate(() => document.activeElement?.textContent ?? '')
    if (name.test(text)) return
  }
  throw new Error(`could not reach ${name} with Tab`)
}

const dropdown = (page: Page, label: string) =>
  page.locator('details.nav-dropdown', { hasText: label })

test.describe('at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the skip link comes first, shows when focused and moves focus to the main content', async ({
    page,
  }) => {
    await page.goto('/contact/')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('main')).toBeFocused()
  })

  const dropdowns: [string, string][] = [
    ['Smoke Inspection Info', 'Smoke Detector Application'],
    ['Fire Prevention Tips', 'Fire Prevention Lessons'],
  ]
  for (const [label, first] of dropdowns)
    for (const key of ['Enter', 'Space']) {
      test(`${label} opens with ${key}; Escape closes it and returns focus`, async ({ page }) => {
        await page.goto('/')
        await tabTo(page, new RegExp(label))
        const menu = dropdown(page, label)
        const summary = menu.locator('summary')
        await expect(summary).toBeFocused()
        await expect(summary).toHaveCSS('background-color', FOCUS_YELLOW)
        await page.keyboard.press(key)
        await expect(menu).toHaveAttribute('open', '')
        await expect(menu.getByRole('link').last()).toBeVisible()
        await page.keyboard.press('Tab')
        await expect(menu.getByRole('link', { name: first })).toBeFocused()
        await page.keyboard.press('Escape')
        await expect(menu).not.toHaveAttribute('open')
        await expect(summary).toBeFocused()
        await expect(menu.getByRole('link').last()).toBeHidden()
      })
    }

  test('a click outside closes an open dropdown; only one is open at a time', async ({ page }) => {
    await page.goto('/')
    const smoke = dropdown(page, 'Smoke Inspection Info')
    const tips = dropdown(page, 'Fire Prevention Tips')
    await smoke.locator('summary').click()
    await expect(smoke).toHaveAttribute('open', '')
    await tips.locator('summary').click()
    await expect(tips).toHaveAttribute('open', '')
    await expect(smoke).not.toHaveAttribute('open')
    await page.locator('main h1').click()
    await expect(tips).not.toHaveAttribute('open')
  })

  test('tabbing out of a dropdown closes it', async ({ page }) => {
    await page.goto('/')
    const tips = dropdown(page, 'Fire Prevention Tips')
    await tips.locator('summary').focus()
    await page.keyboard.press('Enter')
    const links = tips.getByRole('link')
    await expect(links.last()).toBeVisible()
    await links.last().focus()
    await page.keyboard.press('Tab')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toBeFocused()
    await expect(tips).not.toHaveAttribute('open')
  })

  test('selecting an item navigates, and the new page marks it as current', async ({ page }) => {
    await page.goto('/')
    const smoke = dropdown(page, 'Smoke Inspection Info')
    await smoke.locator('summary').click()
    await smoke.getByRole('link', { name: 'Fire Prevention Fees' }).click()
    await expect(page).toHaveURL(/\/fees\/$/)
    const current = page.locator('nav[aria-label="Main"] [aria-current="page"]')
    await expect(current).toHaveText('Fire Prevention Fees')
    // A cue that is not colour: the current item is bold and underlined.
    await expect(current).toHaveCSS('font-weight', '700')
    await expect(current).toHaveCSS('text-decoration-line', 'underline')
    await expect(dropdown(page, 'Smoke Inspection Info')).not.toHaveAttribute('open')
  })

  test('the menu toggle is hidden and every top-level item shows', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('details.site-menu > summary')).toBeHidden()
    for (const name of ['Home', 'Contact', 'Links']) {
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })
      ).toBeVisible()
    }
  })
})

test('focus is visible on every link, button and field of a page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/smoke-detector-inspection-fees/')
  const seen = new Set<string>()
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press('Tab')
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const style = getComputedStyle(el)
      return {
        key: `${[...document.querySelectorAll('*')].indexOf(el)} ${el.outerHTML.slice(0, 60)}`,
        bg: style.backgroundColor,
        outline: style.outlineStyle,
        tag: el.tagName,
      }
    })
    if (focus.tag === 'BODY') break
    // A date field takes several Tab presses (month, day, year).
    if (seen.has(focus.key)) continue
    seen.add(focus.key)
    const visible = focus.bg === FOCUS_YELLOW || (focus.outline !== 'none' && focus.tag !== 'A')
    expect(visible, focus.key).toBe(true)
  }
  expect(seen.size).toBeGreaterThan(20)
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('the menu toggle opens and closes the menu; Escape returns focus to it', async ({
    page,
  }) => {
    await page.goto('/')
    const toggle = page.locator('details.site-menu > summary')
    const home = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home', exact: true })
    await expect(toggle).toBeVisible()
    await expect(home).toBeHidden()
    await toggle.click()
    await expect(home).toBeVisible()
    await toggle.click()
    await expect(home).toBeHidden()
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(home).toBeVisible()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    await expect(home).toBeHidden()
    await expect(toggle).toBeFocused()
  })

  test('a dropdown inside the phone menu closes first on Escape', async ({ page }) => {
    await page.goto('/')
    await page.locator('details.site-menu > summary').click()
    const tips = dropdown(page, 'Fire Prevention Tips')
    await tips.locator('summary').click()
    await expect(tips.getByRole('link', { name: 'Winter Tips' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(tips).not.toHaveAttribute('open')
    await expect(tips.locator('summary')).toBeFocused()
    await expect(page.locator('details.site-menu')).toHaveAttribute('open', '')
  })
})
