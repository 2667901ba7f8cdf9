import { SITE_SCRIPTS, type SiteScriptName } from '@/lib/site-scripts'

type SiteScriptsProps = { scripts: readonly SiteScriptName[] }

/** The page's own scripts, deferred: each only adds to what the HTML already does. */
export function SiteScripts({ scripts }: SiteScriptsProps) {
  return (
    <>
      {scripts.map((name) => (
        <script key={name} src={SITE_SCRIPTS[name].src} defer />
      ))}
    </>
  )
}
