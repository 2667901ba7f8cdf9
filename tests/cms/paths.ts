/** The working copy the editor test edits: a copy of content/, made fresh before the test. */
export const CMS_E2E_REPO = 'build/cms-e2e'
