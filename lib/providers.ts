// The outside services whose content the pages embed, each with a fixed
// list of hosts. The security headers allow exactly these hosts, and a
// registry entry must use one of them. Allowing a new host is a code change
// that a developer reviews, never a content edit: a form or video address on
// any other host is refused by the content check.

export type Provider = {
  /** How the provider is named in messages to staff. */
  name: string
  /** The hosts a registry address may use (https only). */
  hosts: readonly string[]
  /** An example address, for messages. */
  example: string
}

/** JotForm serves the application and payment forms (payment ones on its PCI host). */
export const JOTFORM: Provider = {
  name: 'JotForm',
  hosts: ['form.jotform.com', 'pci.jotform.com'],
  example: 'https://form.jotform.com/70945862369167',
}

/** The bureau's video files (MP4), on the fire district's file host. */
export const VIDEO_FILES: Provider = {
  name: "the fire district's video file host",
  hosts: ['diuy0t6boke2n.cloudfront.net'],
  example: 'https://diuy0t6boke2n.cloudfront.net/FirePreventionVideos/FireIsFast.mp4',
}

/** YouTube videos are linked by their watch address and embedded from the no-cookie host. */
export const YOUTUBE: Provider = {
  name: 'YouTube',
  hosts: ['www.youtube.com', 'youtube.com', 'youtu.be'],
  example: 'https://www.youtube.com/watch?v=Sl3bUZSW5TU',
}

/** Where YouTube videos are embedded from: YouTube's address that sets no tracking cookies. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

const origins = (provider: Provider) => provider.hosts.map((host) => `https://${host}`)

/** Origins that may be framed: the form hosts and YouTube's embed host. */
export const FRAME_ORIGINS = [...origins(JOTFORM), YOUTUBE_EMBED_ORIGIN]
/** Origins that may serve video files. */
export const MEDIA_ORIGINS = origins(VIDEO_FILES)
/** Origins whose frames may take card payments (PayPal inside JotForm). */
export const PAYMENT_ORIGINS = origins(JOTFORM)

/** Is this https address on one of the provider's hosts? */
export function onProviderHost(url: string, provider: Provider): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' && provider.hosts.includes(parsed.hostname)
  } catch {
    return false
  }
}

/** The plain-words reason an address is refused for a provider. */
export function providerHostMessage(provider: Provider): string {
  return (
    `should be an address on ${provider.name} (${provider.hosts.join(', ')}), such as ${provider.example}. ` +
    'The site allows only these hosts; using another one is a code change for a developer to review (lib/providers.ts)'
  )
}

/** The video id in a YouTube watch, short or embed address, or null. */
export function youtubeId(url: string): string | null {
  const match =
    /^https:\/\/(?:www\.)?(?:youtube\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]{11})/.exec(url)
  return match?.[1] ?? null
}

/**
 * What YouTube's player frame may use: autoplay, so the video starts with the
 * click that loaded the player, and full screen.
 */
export const PLAYER_ALLOW = 'autoplay; encrypted-media; picture-in-picture; fullscreen'

/** The address a YouTube video is embedded from. */
export function youtubeEmbedUrl(id: string): string {
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${id}`
}
