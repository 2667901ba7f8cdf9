import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'
import jsxA11y from 'eslint-plugin-jsx-a11y'

// Rooms by audience and runtime (ARCHITECTURE.md, "Rooms"): each imports only itself and these.
// Each folder of tools/ is a room too; what several of them need is in tools/shared/.
export const ROOMS = {
  lib: [],
  components: ['lib'],
  app: ['components', 'lib'],
  'site-editor': ['components', 'lib'],
  functions: ['lib'],
  'tools/shared': [],
  'tools/serve': ['tools/shared', 'lib'],
  // The local editor serves the export as the host does.
  'tools/site-editor': ['tools/serve', 'tools/shared', 'site-editor', 'lib'],
  // The build bundles the editor.
  'tools/export': ['tools/site-editor', 'tools/shared', 'site-editor', 'lib'],
  'tools/links': ['tools/shared', 'lib'],
  // A check's state is one rule (site-editor/checks.ts) for the editor and the workflows.
  'tools/ops': ['tools/export', 'tools/shared', 'site-editor', 'lib'],
  // The preview job deploys (tools/ops) what it compares.
  'tools/review': ['tools/ops', 'tools/shared', 'site-editor', 'lib'],
  // The rehearsal runs Cloudflare's runtime as `npm run serve` does, and the workflows' own
  // scripts (the page diff, the page dates) and editor bundle as GitHub would.
  'tools/rehearse': [
    'tools/review',
    'tools/ops',
    'tools/site-editor',
    'tools/serve',
    'tools/shared',
    'site-editor',
    'lib',
  ],
}
// Benchmarks are run by npm scripts, never imported by the build or other tools.
ROOMS['tools/bench'] = Object.keys(ROOMS).filter((room) => /^(tools|site-editor|lib)/.test(room))
ROOMS.tests = Object.keys(ROOMS)

// The editor runs in the browser: no Node built-ins.
const BROWSER_ONLY = {
  regex: '^(node:|(fs|path|child_process)$)',
  message: 'site-editor/ runs in the browser.',
}

/** What a room may not import, by alias (#tools/…) or by a relative path (../tools/…, ../ops/…). */
const roomRules = (room) => [
  ...Object.keys(ROOMS)
    .filter((other) => other !== room && !ROOMS[room].includes(other))
    .map((other) => {
      // Two folders of tools/ are also a step apart: ../ops/ from tools/serve/.
      const sibling = room.startsWith('tools/') && other.startsWith('tools/')
      return {
        regex: `^(#|(\\.\\.?/)+)${other}/${sibling ? `|^\\.\\./${other.slice(6)}/` : ''}`,
        message: `${room}/ may not import ${other}/: see ARCHITECTURE.md, "Rooms".`,
      }
    }),
  ...(room === 'site-editor' ? [BROWSER_ONLY] : []),
]

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Plain links: Next's <Link> would bring the client router back.
      '@next/next/no-html-link-for-pages': 'off',
      // VideoEmbed adds a captions <track> whenever videos.yaml gives one; the rule cannot see it.
      'jsx-a11y/media-has-caption': 'off',
    },
  },
  ...Object.keys(ROOMS).map((room) => ({
    files: [`${room}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: roomRules(room) }] },
  })),
  // Next's configuration already ignores .next/, out/, build/ and next-env.d.ts.
  globalIgnores(['public/*.js', 'test-results/**', 'playwright-report/**']),
])
