// GET /api/auth on Cloudflare Pages: the start of the site editor's GitHub sign-in.
import { startSignIn, type SignInEnv } from '#functions/sign-in.ts'

export const onRequestGet = ({ request, env }: { request: Request; env: SignInEnv }) =>
  startSignIn(request, env)
