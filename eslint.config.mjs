import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'
import jsxA11y from 'eslint-plugin-jsx-a11y'

// Rooms by audience and runtime (README, "How it is built"): each room
// imports only itself and the rooms named here, so no two rooms import each
// other. tests/ may import any room; no room imports tests/.
const ROOMS = {
  lib: [],
  components: ['lib'],
  app: ['components', 'lib'],
  'site-editor': ['components', 'lib'],
  functions: ['lib'],
  tools: ['site-editor', 'lib'],
  tests: ['app', 'components', 'lib', 'site-editor', 'functions', 'tools'],
}

/** What a room may not import, by alias (#tools/…) or by a relative path (../tools/…). */
function roomRules(room) {
  return Object.keys(ROOMS)
    .filter((other) => other !== room && !ROOMS[room].includes(other))
    .map((other) => ({
      regex: `^(#|(\\.\\.?/)+)${other}/`,
      message: `${room}/ may not import ${other}/: see README, "How it is built".`,
    }))
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
  ...Object.keys(ROOMS)
    .filter((room) => roomRules(room).length > 0)
    .map((room) => ({
      files: [`${room}/**`],
      rules: { 'no-restricted-imports': ['error', { patterns: roomRules(room) }] },
    })),
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
