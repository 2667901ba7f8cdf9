// Lets Node 20 run the project's TypeScript build scripts (scripts/*.ts) and
// the lib/ modules they share with the Next build, without another tool:
// each .ts file is transpiled with the project's own TypeScript, and the
// `@/` import alias from tsconfig.json resolves to the project root.
// Usage: node --import ./scripts/register-ts.mjs scripts/<name>.ts
import { register } from 'node:module'

register('./ts-hooks.mjs', import.meta.url)
