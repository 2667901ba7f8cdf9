import { Cued } from '#components/Cue.tsx'
import { NewTabLink } from '#components/NewTabLink.tsx'
import type { ResolvedTile } from '#lib/content/blocks.ts'

/** Large link tiles for the main tasks (the `@tiles` line). */
export function TileGrid({ tiles }: { tiles: ResolvedTile[] }) {
  return (
    <ul className="my-6 grid list-none gap-4 p-0 sm:grid-cols-2 lg:grid-cols-3">
      {tiles.map((tile) => {
        const label = (
          <>
            {tile.cue ? (
              <Cued words={tile.label} cue={tile.cue} className="font-normal" />
            ) : (
              tile.label
            )}
          </>
        )
        const linkClass = 'text-lg font-bold'
        return (
          <li
            key={tile.href + tile.label}
            className="rounded border-2 border-line bg-white p-4 hover:border-brand"
          >
            {tile.newTab ? (
              <NewTabLink href={tile.href} className={linkClass}>
                {label}
              </NewTabLink>
            ) : (
              <a href={tile.href} className={linkClass}>
                {label}
              </a>
            )}
            {tile.description ? <p className="mt-1 text-base">{tile.description}</p> : null}
          </li>
        )
      })}
    </ul>
  )
}
