import type { Page } from '@playwright/test'
import { routeHref } from '#lib/routes.ts'
import { expect, onWorkerPage, test } from './served.ts'
import { anyInnerPage, content, dropdowns, navigation, pageWith } from './site.ts'

// Keyboard and pointer behaviour of the menus, with the shared browser script on.
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

  onWorkerPage(
    'the skip link comes first, shows when focused and moves focus to the main content',
    async ({ shared: page }) => {
      await page.goto(anyInnerPage())
      await page.keyboard.press('Tab')
      const skip = page.getByRole('link', { name: 'Skip to main content' })
      await expect(skip).toBeFocused()
      await expect(skip).toBeInViewport()
      await page.keyboard.press('Enter')
      await expect(page.locator('main')).toBeFocused()
    }
  )

  for (const { label, items } of dropdowns)
    for (const key of ['Enter', 'Space']) {
      const first = items[0]!.label
      onWorkerPage(
        `${label} opens with ${key}; Escape closes it and returns focus`,
        async ({ shared: page }) => {
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
          await expect(menu.getByRole('link').first()).toBeFocused()
          await expect(menu.getByRole('link').first()).toContainText(first)
          await page.keyboard.press('Escape')
          await expect(menu).not.toHaveAttribute('open')
          await expect(summary).toBeFocused()
          await expect(menu.getByRole('link').last()).toBeHidden()
        }
      )
    }

  onWorkerPage(
    'a click outside closes an open dropdown; only one is open at a time',
    async ({ shared: page }) => {
      await page.goto('/')
      const menus = dropdowns.map((d) => dropdown(page, d.label))
      for (const [i, menu] of menus.entries()) {
        await menu.locator('summary').click()
        await expect(menu).toHaveAttribute('open', '')
        // The one opened before closes (the menus share a name).
        if (i > 0) await expect(menus[i - 1]!).not.toHaveAttribute('open')
      }
      await page.locator('main h1').click()
      await expect(menus.at(-1)!).not.toHaveAttribute('open')
    }
  )

  for (const { label } of dropdowns)
    onWorkerPage(`tabbing out of ${label} closes it and moves on`, async ({ shared: page }) => {
      await page.goto('/')
      const menu = dropdown(page, label)
      await menu.locator('summary').focus()
      await page.keyboard.press('Enter')
      const links = menu.getByRole('link')
      await expect(links.last()).toBeVisible()
      await links.last().focus()
      await page.keyboard.press('Tab')
      await expect(menu).not.toHaveAttribute('open')
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(false)
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY')
    })

  onWorkerPage(
    'selecting an item navigates, and the new page marks it as current',
    async ({ shared: page }) => {
      const menu = dropdowns.find((d) => d.items.some((i) => i.route && i.route !== '/'))!
      const item = menu.items.find((i) => i.route && i.route !== '/')!
      await page.goto('/')
      const smoke = dropdown(page, menu.label)
      await smoke.locator('summary').click()
      await smoke.getByRole('link', { name: item.label, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${item.href}$`))
      const current = page.locator('nav[aria-label="Main"] [aria-current="page"]')
      await expect(current).toHaveText(item.label)
      // A cue that is not colour: the current item is bold and underlined.
      await expect(current).toHaveCSS('font-weight', '700')
      await expect(current).toHaveCSS('text-decoration-line', 'underline')
      await expect(dropdown(page, menu.label)).not.toHaveAttribute('open')
    }
  )

  onWorkerPage(
    'the menu toggle is hidden and every top-level item shows',
    async ({ shared: page }) => {
      await page.goto('/')
      await expect(page.locator('details.site-menu > summary')).toBeHidden()
      for (const item of navigation.main) {
        const nav = page.getByRole('navigation', { name: 'Main' })
        await expect(
          'items' in item
            ? dropdown(page, item.label).locator('summary')
            : nav.getByRole('link', { name: item.label, exact: true })
        ).toBeVisible()
      }
    }
  )
})

onWorkerPage(
  'focus is visible on every link, button and field of a page',
  async ({ shared: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    // The fee estimator's page: links, buttons and every kind of field.
    await page.goto(routeHref(pageWith('estimator').route))
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
    expect(seen.size).toBeGreaterThan(navigation.main.length)
  }
)

onWorkerPage(
  'a video player shows the yellow mark while its own controls have focus',
  async ({ shared: page }) => {
    const withVideo = content.pages.find((p) =>
      p.blocks.some((b) => b.kind === 'video' && b.video.provider === 'file')
    )!
    await page.goto(routeHref(withVideo.route))
    await page.waitForFunction(() =>
      [...document.querySelectorAll('video')].every((v) => v.controls)
    )
    const controls: string[] = []
    for (let i = 0; i < 200 && controls.length < 2; i++) {
      await page.keyboard.press('Tab')
      // Focus on a button of the player (play, mute...) is inside the video's
      // own shadow tree: the page sees the video as the focused element, but
      // not as :focus itself.
      const mark = await page.evaluate(() => {
        const el = document.activeElement!
        return el.tagName === 'VIDEO' && !el.matches(':focus')
          ? getComputedStyle(el).boxShadow
          : null
      })
      if (mark !== null) controls.push(mark)
    }
    expect(controls.length).toBeGreaterThan(0)
    for (const shadow of controls) expect(shadow).toContain(FOCUS_YELLOW)
  }
)

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  onWorkerPage(
    'the menu toggle opens and closes the menu; Escape returns focus to it',
    async ({ shared: page }) => {
      await page.goto('/')
      const toggle = page.locator('details.site-menu > summary')
      const firstLink = navigation.main.find((item) => !('items' in item))!
      const home = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: firstLink.label, exact: true })
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
    }
  )

  onWorkerPage(
    'a dropdown inside the phone menu closes first on Escape',
    async ({ shared: page }) => {
      await page.goto('/')
      await page.locator('details.site-menu > summary').click()
      const tips = dropdown(page, dropdowns.at(-1)!.label)
      await tips.locator('summary').click()
      await expect(tips.getByRole('link').last()).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(tips).not.toHaveAttribute('open')
      await expect(tips.locator('summary')).toBeFocused()
      await expect(page.locator('details.site-menu')).toHaveAttribute('open', '')
    }
  )
})
