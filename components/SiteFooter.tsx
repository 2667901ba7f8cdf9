import { Cued } from '#components/Cue.tsx'
import { phoneHref, phoneText } from '#lib/labels.ts'
import type { Site } from '#lib/content/schemas.ts'
import type { NavLink } from '#lib/navigation.ts'
import { FEED_PATH } from '#lib/routes.ts'

type SiteFooterProps = { site: Site; footer: NavLink[]; district: NavLink[] }

/** Contact details, address, office hours and the main links, on every page. */
export function SiteFooter({ site, footer, district }: SiteFooterProps) {
  const { phone, email, address, officeHours } = site
  return (
    <footer className="site-footer mt-16 border-t-4 border-brand bg-panel">
      <div className="mx-auto grid max-w-page gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <h2 className="text-lg font-bold">{site.name}</h2>
          <p>{site.organization}</p>
          <address className="mt-3 not-italic">
            {address.street}
            <br />
            {address.city}, {address.state} {address.zip}
            <br />
            Phone: <a href={phoneHref(phone)}>{phoneText(phone)}</a>
            <br />
            E-mail: <a href={`mailto:${email}`}>{email}</a>
          </address>
          <p className="mt-3">Office hours: {officeHours}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-lg font-bold">Main links</h2>
          <ul className="mt-3 grid gap-1">
            {footer.map((link) => (
              <FooterLink key={link.href} link={link} />
            ))}
            <li>
              <a href={FEED_PATH}>News feed (Atom)</a>
            </li>
          </ul>
        </nav>
        {district.length ? (
          <nav aria-label="Fire district">
            <h2 className="text-lg font-bold">Fire district</h2>
            <ul className="mt-3 grid gap-1">
              {district.map((link) => (
                <FooterLink key={link.href} link={link} />
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  )
}

function FooterLink({ link }: { link: NavLink }) {
  return (
    <li>
      <a href={link.href}>
        {link.externalCue ? <Cued words={link.label} cue={link.externalCue} /> : link.label}
      </a>
    </li>
  )
}
