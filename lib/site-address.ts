// The site's public address (https, host, no path). Reviewed configuration,
// not content (.github/CODEOWNERS), so no content pull request can move the
// site's links; a move also changes the host's settings (deploy/README.md).
export const SITE_URL = 'https://mtfp1.com'
