/**
 * The 42 routes of the product specification (§2, "Full route table"), in
 * its order. A test checks that content/pages publishes each of them.
 */
export const SPEC_ROUTES = [
  '/',
  '/smoke-detector-application',
  '/smoke-detector-inspection-fees',
  '/smoke-detector-inspection-payment-form',
  '/business-registration-permit-fees-payment-form',
  '/smoke-detector-instructions',
  '/fees',
  '/fire-extinguisher-instructions',
  '/smoke-requirements',
  '/fire-prevention-pre-k-kindergarten',
  '/fire-prevention-lessons',
  '/fire-prevention-first-grade',
  '/fire-prevention-second-grade',
  '/fire-prevention-third-grade',
  '/fire-prevention-fourth-grade',
  '/fire-prevention-fifth-grade',
  '/gym-class-stop-drop-and-roll',
  '/application-for-type-1-permit',
  '/reading',
  '/general-prevention',
  '/fire-prevention-checklist',
  '/spring-and-summer-fire-prevention-tips',
  '/fireworks',
  '/winter-fire-prevention-tips',
  '/operation-holy-smokes',
  '/fire-is',
  '/fire-safety-trailer-presentation',
  '/get-out-alive',
  '/comissioners',
  '/videos',
  '/contact',
  '/meeting',
  '/policy',
  '/petition',
  '/records',
  '/links',
  '/current',
  '/resolution',
  '/audit',
  '/report',
  '/monroe-township-fire-district-1-affidavit-self-inspection',
  '/business-registration-update-form',
] as const

/**
 * Routes the site adds to the specification's list, and why:
 * - the fire siren message, which the old home page linked to but never had;
 * - the accessibility statement, which public bodies owe their users;
 * - the search page, with the full page index when JavaScript is off.
 */
export const EXTRA_ROUTES = ['/why-fire-sirens-are-needed', '/accessibility', '/search'] as const
