import { expect, test } from './fixtures'

// Schools and safety pages: in-page anchors, video labels and printing.

test('every in-page link on the trailer page lands on an element that exists', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await page.goto('/fire-safety-trailer-presentation/')
  const anchors = await page
    .locator('main a[href^="#"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')!))
  expect(anchors.length).toBeGreaterThan(6)
  expect(anchors).toContain('#top')
  for (const href of new Set(anchors)) {
    const target = page.locator(`[id="${href.slice(1)}"]`)
    await expect(target, href).toHaveCount(1)
    await page.locator(`main a[href="${href}"]`).first().click()
    await expect(target, href).toBeInViewport()
    expect(new URL(page.url()).hash).toBe(href)
  }
  // "Back to top" returns to the page heading.
  await page.locator('main a[href="#top"]').last().click()
  await expect(page.locator('h1#top')).toBeInViewport()
})

test('every video has a title, an accessible name and a direct link', async ({ page }) => {
  await page.goto('/videos/')
  const figures = page.locator('main figure')
  await expect(figures).toHaveCount(6)
  for (const figure of await figures.all()) {
    const title = (await figure.locator('figcaption').innerText()).trim()
    const player = figure.locator('video, iframe')
    await expect(player).toHaveAccessibleName(title)
    const src = await player.getAttribute('src')
    await expect(
      figure.getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    ).toHaveAttribute('href', src!)
  }
})

test('the gym class video is labelled with what it shows', async ({ page }) => {
  await page.goto('/gym-class-stop-drop-and-roll/')
  const video = page.locator('main video')
  await expect(video).toHaveAttribute('src', /StopDropRoll\.mp4$/)
  await expect(video).toHaveAccessibleName('Stop, Drop and Roll')
  await expect(page.locator('main')).not.toContainText('Home Fire Evacuation')
})

test('the third grade page is titled and labelled for third grade', async ({ page }) => {
  await page.goto('/fire-prevention-third-grade/')
  await expect(page.locator('h1')).toContainText(/third grade/i)
  await expect(page.locator('main')).not.toContainText(/fourth grade/i)
  await expect(page.locator('main video')).toHaveAttribute(
    'src',
    /Home_Fire_Evacuation_3rd_Grade\.mp4$/
  )
  await expect(page).toHaveTitle(/third grade/i)
})

test('the fifth grade page has two videos', async ({ page }) => {
  await page.goto('/fire-prevention-fifth-grade/')
  await expect(page.locator('main video')).toHaveCount(2)
})

test('the fireworks video plays in a 700x400 frame', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/fireworks/')
  const video = page.locator('main video')
  await expect(video).toHaveAttribute('width', '700')
  await expect(video).toHaveAttribute('height', '400')
  const box = (await video.boundingBox())!
  expect(Math.round(box.width)).toBe(700)
  expect(Math.round(box.height)).toBe(400)
})

test('videos shrink to fit a phone and keep their proportions', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/fire-prevention-first-grade/')
  const box = (await page.locator('main video').boundingBox())!
  expect(box.width).toBeLessThanOrEqual(375)
  expect(box.width / box.height).toBeCloseTo(600 / 450, 1)
})

for (const route of [
  '/fire-prevention-first-grade/',
  '/fire-prevention-checklist/',
  '/winter-fire-prevention-tips/',
]) {
  test(`${route} prints without navigation, header or footer, keeping the text`, async ({
    page,
  }) => {
    await page.goto(route)
    await page.emulateMedia({ media: 'print' })
    await expect(page.locator('header.site-header')).toBeHidden()
    await expect(page.locator('footer.site-footer')).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeHidden()
    await expect(page.locator('main h1')).toBeVisible()
    await expect(page.locator('main .prose-site').first()).toBeVisible()
    for (const caption of await page.locator('main figcaption').all())
      await expect(caption).toBeVisible()
  })
}

test('printing writes out the address after an external link', async ({ page }) => {
  await page.goto('/winter-fire-prevention-tips/')
  await page.emulateMedia({ media: 'print' })
  const link = page.locator('main .prose-site a[href^="https://"]').first()
  const href = await link.getAttribute('href')
  const after = await link.evaluate((el) => getComputedStyle(el, '::after').content)
  expect(after).toBe(`" (${href})"`)
})

test('the checklist draws a box to tick in front of each item', async ({ page }) => {
  await page.goto('/fire-prevention-checklist/')
  const item = page.locator('main .prose-site ul > li').first()
  const box = await item.evaluate((el) => {
    const style = getComputedStyle(el, '::before')
    return { width: style.width, border: style.borderTopWidth, content: style.content }
  })
  expect(box).toEqual({ width: '20px', border: '2px', content: '""' })
})
