import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'
import jsxA11y from 'eslint-plugin-jsx-a11y'

/** Folders the site's own code (app/, components/, lib/) may not import. */
const OUTSIDE_SITE = ['tools', 'site-editor', 'tests']

/** An import pattern group for those folders, by alias or by relative path. */
function roomRule(folders) {
  return {
    // By alias (#tools/...) or by a relative path (../tools/...).
    regex: `^(#|(\\.\\.?/)+)(${folders.join('|')})/`,
    message: 'The site (app/, components/, lib/) may not import this room; see README "Layout".',
  }
}

// Next's rules (React, hooks, Core Web Vitals, TypeScript) with the full
// recommended set of accessibility rules from jsx-a11y on top.
export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Pages are plain links on a static export: Next's <Link> would bring
      // the client router back.
      '@next/next/no-html-link-for-pages': 'off',
      // VideoEmbed adds a captions <track> whenever videos.yaml gives one; the
      // bureau's current videos have no caption files, a gap the
      // accessibility statement names. The rule cannot see a conditional track.
      'jsx-a11y/media-has-caption': 'off',
    },
  },
  // Rooms by audience (README, "Layout"): the site's code never reaches into
  // the tooling, the site editor or the tests, and lib/ never into components/.
  {
    files: ['app/**', 'components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [roomRule(OUTSIDE_SITE)] }] },
  },
  {
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [roomRule([...OUTSIDE_SITE, 'components', 'app'])] },
      ],
    },
  },
  globalIgnores([
    '.next/**',
    'out/**',
    'public/*.js',
    'build/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
  ]),
])
