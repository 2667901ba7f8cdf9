import type { Config } from 'tailwindcss'

// Design tokens. The interface constants come from the specification (§9): overlay transitions and
// the stacking scale, of which the site has a menu and a toast (the skip link); it has no modal,
// overlay or tooltip, so their values are left out. Colours have at least 4.5:1 contrast on the
// backgrounds they are used on.
const config: Config = {
  theme: {
    extend: {
      colors: {
        ink: '#0b0c0c',
        muted: '#4b5563',
        brand: { DEFAULT: '#9b1c1c', dark: '#6f1313', light: '#fdf2f2' },
        link: { DEFAULT: '#1d4ed8', visited: '#5b21b6' },
        focus: '#ffdd00',
        line: '#b1b4b6',
        panel: '#f3f4f6',
      },
      fontFamily: {
        // System fonts only: nothing is fetched to draw text.
        sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      },
      zIndex: {
        menu: '1000',
        toast: '1200',
      },
      transitionDuration: {
        'overlay-enter': '120ms',
        'overlay-exit': '100ms',
      },
      maxWidth: {
        page: '72rem',
        prose: '46rem',
      },
    },
  },
}

export default config
