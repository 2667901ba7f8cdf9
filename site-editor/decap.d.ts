// The parts of Decap CMS the editor uses ship without types (decap-cms-core has its own).
declare module 'decap-cms-backend-github' {
  export const GitHubBackend: unknown
}
declare module 'decap-cms-backend-proxy' {
  export const ProxyBackend: unknown
}
declare module 'decap-cms-widget-*' {
  const widget: { Widget: () => unknown }
  export default widget
}
declare module 'decap-cms-core/dist/esm/constants/configSchema.js' {
  /** Decap's own check of its configuration (used by the unit tests). */
  export function validateConfig(config: unknown): void
}
declare module 'decap-cms-core/dist/esm/redux' {
  /** Decap's Redux store (site-editor/enhance.ts reads it). */
  export const store: unknown
}
declare module 'decap-cms-core/dist/esm/backend' {
  /** The backend Decap made from the configuration (the captions workshop reads files through it). */
  export function currentBackend(config: unknown): unknown
}
declare module 'decap-cms-locales/dist/esm/en' {
  const phrases: Record<string, unknown>
  export default phrases
}

/** Set by the site editor build (tools/site-editor/bundle.ts): its settings and the site's stylesheets, for the preview. */
declare const __SITE_EDITOR_SETTINGS__: import('#site-editor/config.ts').SiteEditorSettings & {
  styles: string[]
}
