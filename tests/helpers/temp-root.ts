import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Vitest's global set-up: every temporary folder the tests make (under
// os.tmpdir()), in the test processes and in the programs they start, goes
// into one folder for the run, which is removed when the run ends. Tests
// need not clean up after themselves, and nothing is left behind.
export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'site-tests-'))
  // Readable by other users (0755), so nginx's worker, which runs as another
  // user, can reach the site folders the nginx tests make here.
  chmodSync(root, 0o755)
  process.env.TMPDIR = root
  return () => rmSync(root, { recursive: true, force: true })
}
