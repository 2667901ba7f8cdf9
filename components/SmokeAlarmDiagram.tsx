import type { DiagramId } from '#lib/content/blocks.ts'

type SmokeAlarmDiagramProps = { id: DiagramId; ceilingDistance: string }

/** Placement diagrams as inline SVG: sharp, tiny, read by screen readers, printable. */
export function SmokeAlarmDiagram({ id, ceilingDistance }: SmokeAlarmDiagramProps) {
  return id === 'smoke-alarm-levels' ? (
    <LevelsDiagram />
  ) : (
    <CeilingDiagram distance={ceilingDistance} />
  )
}

function Alarm({ x, y, kind }: { x: number; y: number; kind: 'smoke' | 'co' }) {
  const className = kind === 'smoke' ? 'fill-white stroke-ink' : 'fill-focus stroke-ink'
  return (
    <g>
      <circle cx={x} cy={y} r="9" className={className} strokeWidth="2" />
      <text x={x} y={y + 4} textAnchor="middle" className="fill-ink text-[10px] font-bold">
        {kind === 'smoke' ? 'S' : 'CO'}
      </text>
    </g>
  )
}

/** A rectangle's place and size, in the order the attributes are written. */
const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height })

type LabelProps = { x: number; y: number; transform?: string; text: string }

function Label({ x, y, transform, text }: LabelProps) {
  return (
    <text x={x} y={y} textAnchor="middle" transform={transform} className="fill-ink text-[13px]">
      {text}
    </text>
  )
}

function LevelsDiagram() {
  return (
    <figure className="diagram my-8 max-w-prose">
      <svg
        viewBox="0 0 480 330"
        role="img"
        aria-labelledby="levels-title"
        aria-describedby="levels-desc"
        className="h-auto w-full text-ink"
      >
        <title id="levels-title">
          Where smoke and carbon monoxide alarms go in a two-story house
        </title>
        <desc id="levels-desc">
          A house cut open to show three levels. The basement has a smoke alarm on the ceiling. The
          first floor has a smoke alarm on the ceiling of the living area. The second floor has two
          bedrooms and a hallway between them; the hallway ceiling outside the bedrooms has a smoke
          alarm and a carbon monoxide alarm.
        </desc>
        <path d="M40 110 L240 20 L440 110 Z" className="fill-panel stroke-ink" strokeWidth="3" />
        <rect {...box(60, 110, 360, 210)} className="fill-white stroke-ink" strokeWidth="3" />
        <line x1="60" y1="180" x2="420" y2="180" className="stroke-ink" strokeWidth="3" />
        <line x1="60" y1="250" x2="420" y2="250" className="stroke-ink" strokeWidth="3" />
        <line x1="180" y1="110" x2="180" y2="180" className="stroke-ink" strokeWidth="2" />
        <line x1="300" y1="110" x2="300" y2="180" className="stroke-ink" strokeWidth="2" />
        <Label x={120} y={160} text="Bedroom" />
        <Label x={360} y={160} text="Bedroom" />
        <Label x={240} y={165} text="Hallway" />
        <Alarm x={225} y={123} kind="smoke" />
        <Alarm x={255} y={123} kind="co" />
        <Label x={240} y={232} text="Living area" />
        <Alarm x={240} y={193} kind="smoke" />
        <Label x={240} y={302} text="Basement" />
        <Alarm x={240} y={263} kind="smoke" />
      </svg>
      <figcaption className="mt-2">
        One smoke alarm (S) on every level, including the basement, and a carbon monoxide alarm (CO)
        near the sleeping areas. Drawing for illustration only.
      </figcaption>
    </figure>
  )
}

function CeilingDiagram({ distance }: { distance: string }) {
  return (
    <figure className="diagram my-8 max-w-prose">
      <svg
        viewBox="0 0 420 220"
        role="img"
        aria-labelledby="ceiling-title"
        aria-describedby="ceiling-desc"
        className="h-auto w-full text-ink"
      >
        <title id="ceiling-title">Placing a smoke alarm on the ceiling</title>
        <desc id="ceiling-desc">
          The corner where a wall meets the ceiling. A smoke alarm is on the ceiling, {distance}{' '}
          away from the wall, so it is not in the dead air of the corner.
        </desc>
        <rect {...box(20, 20, 380, 20)} className="fill-panel stroke-ink" strokeWidth="2" />
        <rect {...box(20, 40, 20, 170)} className="fill-panel stroke-ink" strokeWidth="2" />
        <Label x={230} y={34} text="Ceiling" />
        <Label x={30} y={130} transform="rotate(-90 30 130)" text="Wall" />
        <rect {...box(150, 40, 70, 16)} rx="6" className="fill-white stroke-ink" strokeWidth="2" />
        <text x="230" y="76" className="fill-ink text-[13px] font-bold">
          Smoke alarm
        </text>
        <line x1="40" y1="110" x2="150" y2="110" className="stroke-ink" strokeWidth="2" />
        <line x1="40" y1="100" x2="40" y2="120" className="stroke-ink" strokeWidth="2" />
        <line x1="150" y1="100" x2="150" y2="120" className="stroke-ink" strokeWidth="2" />
        <line
          x1="150"
          y1="56"
          x2="150"
          y2="100"
          className="stroke-ink"
          strokeDasharray="4 3"
          strokeWidth="1.5"
        />
        <Label x={95} y={140} text={distance} />
      </svg>
      <figcaption className="mt-2">
        On the ceiling, put the alarm {distance} from the wall. Drawing for illustration only.
      </figcaption>
    </figure>
  )
}
