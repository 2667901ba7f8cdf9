// The site's public address: reviewed configuration, not content (.github/CODEOWNERS), so no
// content pull request can move the site's links; a move changes the host's settings too.
export const SITE_URL = 'https://mtfp1.com'
