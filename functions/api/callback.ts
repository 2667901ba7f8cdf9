// GET /api/callback on Cloudflare Pages: where GitHub sends the sign-in window back.
import { finishSignIn, type SignInEnv } from '#functions/sign-in.ts'

export const onRequestGet = ({ request, env }: { request: Request; env: SignInEnv }) =>
  finishSignIn(request, env)
