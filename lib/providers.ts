// The outside services the pages embed, each with a fixed list of hosts: the security headers
// allow exactly these, and the content check refuses any other (a code change, reviewed).

type Provider = { name: string; hosts: readonly string[]; example: string }

/** JotForm serves the application and payment forms (payment ones on its PCI host). */
export const JOTFORM: Provider = {
  name: 'JotForm',
  hosts: ['form.jotform.com', 'pci.jotform.com'],
  example: 'https://form.jotform.com/70945862369167',
}

/** The bureau's video files (MP4). */
export const VIDEO_FILES: Provider = {
  name: "the fire district's video file host",
  hosts: ['diuy0t6boke2n.cloudfront.net'],
  example: 'https://diuy0t6boke2n.cloudfront.net/FirePreventionVideos/FireIsFast.mp4',
}

export const YOUTUBE: Provider = {
  name: 'YouTube',
  hosts: ['www.youtube.com', 'youtube.com', 'youtu.be'],
  example: 'https://www.youtube.com/watch?v=Sl3bUZSW5TU',
}

/** YouTube's embed host that sets no tracking cookies. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

// The sites documents and links are on, each checked: another is a notice until it is added here.
export const KNOWN_SITES = [
  ...[JOTFORM, VIDEO_FILES, YOUTUBE].flatMap((provider) => provider.hosts),
  ...`dzeqf35woxvwu.cloudfront.net statutes.laws.com www.avec1.org www.cctvcameraworld.com
      www.dandalaw.com www.fireworkssafety.org www.lexisnexis.com www.monroefd1nj.com www.mtfd3.com
      www.mtvfc1.com www.nfpa.org www.nj.gov www.njfiresafety.com www.sodeninsurance.com
      www.station57.org`.split(/\s+/),
]

const origins = (provider: Provider) => provider.hosts.map((host) => `https://${host}`)

export const FRAME_ORIGINS = [...origins(JOTFORM), YOUTUBE_EMBED_ORIGIN]
export const MEDIA_ORIGINS = origins(VIDEO_FILES)
/** Frames that may take card payments (PayPal inside JotForm). */
export const PAYMENT_ORIGINS = origins(JOTFORM)

export function onProviderHost(url: string, provider: Provider): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' && provider.hosts.includes(parsed.hostname)
  } catch {
    return false
  }
}

export const providerHostMessage = (provider: Provider) =>
  `should be an address on ${provider.name} (${provider.hosts.join(', ')}), such as ${provider.example}. ` +
  'The site allows only these hosts; using another one is a code change for a developer to review (lib/providers.ts)'

/** The video id in a YouTube watch, short or embed address, or null. */
export function youtubeId(url: string): string | null {
  const match =
    /^https:\/\/(?:www\.)?(?:youtube\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]{11})/.exec(url)
  return match?.[1] ?? null
}

/** Autoplay, so the video starts with the click that loaded the player. */
export const PLAYER_ALLOW = 'autoplay; encrypted-media; picture-in-picture; fullscreen'

export const youtubeEmbedUrl = (id: string) => `${YOUTUBE_EMBED_ORIGIN}/embed/${id}`
