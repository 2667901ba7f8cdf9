import { phoneHref, phoneText } from '#lib/labels.ts'
import type { Site } from '#lib/content/schemas.ts'

/** The bureau's phone, e-mail, address and hours (the `@contact` line). */
export function ContactCard({ site }: { site: Site }) {
  const { phone, email, address, officeHours } = site
  return (
    <address className="my-6 max-w-prose rounded border border-line bg-panel p-5 not-italic lg:float-right lg:ml-8 lg:mt-0 lg:w-96">
      <p className="font-bold">{site.name}</p>
      <p>{site.organization}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Phone</dt>
        <dd>
          <a href={phoneHref(phone)}>{phoneText(phone)}</a>
        </dd>
        <dt className="font-semibold">E-mail</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
        <dt className="font-semibold">Address</dt>
        <dd>
          {address.street}
          <br />
          {address.city}, {address.state} {address.zip}
        </dd>
        <dt className="font-semibold">Office hours</dt>
        <dd>{officeHours}</dd>
      </dl>
    </address>
  )
}
