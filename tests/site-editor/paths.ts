/** The working copy the editor test edits: a copy of content/, made fresh before the test. */
export const SITE_EDITOR_E2E_REPO = 'build/site-editor-e2e'
