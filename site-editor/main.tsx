// The site editor at /admin/: Decap CMS with only the parts this site uses,
// configured from the content schemas, with the site's formats and previews.
import './no-eval.ts'
import CMS from 'decap-cms-core'
import { store } from 'decap-cms-core/dist/esm/redux'
import { GitHubBackend } from 'decap-cms-backend-github'
import { ProxyBackend } from 'decap-cms-backend-proxy'
import english from 'decap-cms-locales/dist/esm/en'
import booleanWidget from 'decap-cms-widget-boolean'
import listWidget from 'decap-cms-widget-list'
import numberWidget from 'decap-cms-widget-number'
import objectWidget from 'decap-cms-widget-object'
import relationWidget from 'decap-cms-widget-relation'
import selectWidget from 'decap-cms-widget-select'
import stringWidget from 'decap-cms-widget-string'
import textWidget from 'decap-cms-widget-text'
import {
  siteEditorConfig,
  LOCAL_BACKEND_PATH,
  PAGE_FORMAT,
  registryFormatName,
} from '#site-editor/config.ts'
import { withSiteRules } from '#site-editor/backend.ts'
import { CaptionsControl } from '#site-editor/captions/workshop.tsx'
import { DayControl } from '#site-editor/day-widget.tsx'
import { enhanceEditor } from '#site-editor/enhance.ts'
import type { EditorStore } from '#site-editor/loop.ts'
import { COLLECTIONS } from '#site-editor/fields.ts'
import { captionsFormat, pageFormat, registryFormat } from '#site-editor/formats.ts'
import { editorPhrases } from '#site-editor/phrases.ts'
import { createPreview } from '#site-editor/preview.tsx'
import { REGISTRY_NAMES } from '#lib/content/source.ts'

const settings = __SITE_EDITOR_SETTINGS__
type Registered = Parameters<typeof CMS.registerBackend>[1]

CMS.registerBackend('github', withSiteRules(GitHubBackend as never, true) as Registered)
CMS.registerBackend('proxy', withSiteRules(ProxyBackend as never) as Registered)
CMS.registerWidget(
  [
    booleanWidget,
    listWidget,
    numberWidget,
    objectWidget,
    relationWidget,
    selectWidget,
    stringWidget,
    textWidget,
  ].map((widget) => widget.Widget()) as unknown as Parameters<typeof CMS.registerWidget>[0]
)
CMS.registerWidget('day', DayControl as never)
CMS.registerWidget('captions', CaptionsControl as never)
CMS.registerLocale('en', editorPhrases(english))

for (const name of REGISTRY_NAMES)
  CMS.registerCustomFormat(registryFormatName(name), 'yaml', registryFormat(name))
CMS.registerCustomFormat(PAGE_FORMAT, 'md', pageFormat)
CMS.registerCustomFormat(captionsFormat.name, 'vtt', captionsFormat)

for (const href of settings.styles) CMS.registerPreviewStyle(href)
for (const { name, label } of COLLECTIONS)
  CMS.registerPreviewTemplate(
    name,
    createPreview(
      name === 'pages'
        ? { kind: 'page' }
        : name === 'meetings'
          ? { kind: 'meetings' }
          : { kind: 'registry', name },
      label
    )
  )

const config = siteEditorConfig(settings)
CMS.init({
  config: {
    ...config,
    // Decap takes the sign-in messages only from its service's exact origin:
    // the site's own service is on the origin the editor is opened from.
    backend: { base_url: window.location.origin, ...config.backend },
    // The site the editor is served from (the live one, or the rehearsal's), in its top bar.
    display_url: window.location.origin,
    // On localhost only, Decap first looks for `npm run site-editor`'s local backend
    // on this same address; elsewhere it signs in with GitHub.
    local_backend: { url: new URL(LOCAL_BACKEND_PATH, window.location.href).href },
  } as never,
})

enhanceEditor(store as unknown as EditorStore, settings)
