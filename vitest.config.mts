import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))
const shared = { resolve: { alias: { '@': root.replace(/\/$/, '') } } }

// Three projects: pure logic (unit), React components in a simulated DOM
// (components), and checks over the built export in out/ (export, run after
// `npm run build`).
export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          globals: true,
        },
      },
      {
        ...shared,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/components/setup.ts'],
          globals: true,
        },
      },
      {
        ...shared,
        test: {
          name: 'export',
          environment: 'node',
          include: ['tests/export/**/*.test.ts'],
          globals: true,
          testTimeout: 60_000,
        },
      },
    ],
  },
})
