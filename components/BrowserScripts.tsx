import { BROWSER_SCRIPTS, type BrowserScriptName } from '#lib/browser-scripts/catalog.ts'

type BrowserScriptsProps = { scripts: readonly BrowserScriptName[] }

/** The page's own scripts, deferred: each only adds to what the HTML already does. */
export function BrowserScripts({ scripts }: BrowserScriptsProps) {
  return (
    <>
      {scripts.map((name) => (
        <script key={name} src={BROWSER_SCRIPTS[name].src} defer />
      ))}
    </>
  )
}
