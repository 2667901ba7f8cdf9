// GET /api/auth on Cloudflare Pages: the start of the site editor's GitHub
// sign-in (functions/sign-in.ts). The only files in functions/ are
// reviewed code: npm run deploy bundles them, and nothing from content/.
import { startSignIn, type SignInEnv } from '#functions/sign-in.ts'

export const onRequestGet = ({ request, env }: { request: Request; env: SignInEnv }) =>
  startSignIn(request, env)
