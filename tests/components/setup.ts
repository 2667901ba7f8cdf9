import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library's waitFor and findBy give up after 1 s by default: a time
// that depends on how busy the machine is (beside a second npm test, the
// editor preview took longer to read the site and a test went red). They
// wait up to just under each test's own 30 s limit, so a busy machine makes
// a test slower, never red.
configure({ asyncUtilTimeout: 25_000 })

afterEach(() => cleanup())
