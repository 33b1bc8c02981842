import { useId } from 'react';

const PORTS = [
  { x: 168, y: 150 },
  { x: 330, y: 78 },
  { x: 402, y: 168 },
  { x: 246, y: 236 },
  { x: 352, y: 262 },
] as const;

const ROUTES = [
  'M168 150 Q 280 40 402 168',
  'M246 236 Q 262 140 330 78',
  'M246 236 Q 300 290 352 262',
  'M352 262 Q 400 230 402 168',
] as const;

const CONTAINER_COLOURS = ['#e3a94b', '#2aa3c9', '#c8603f', '#8fb0cc', '#2aa3c9', '#e3a94b', '#6fc2b0'];

/**
 * Decorative art for the sign-in panel: a dotted globe with trade lanes and a container ship.
 * Drawn inline because the app must look finished without network or image files.
 */
export function AuthIllustration() {
  const id = useId();
  const dots = `${id}-dots`;
  const globeClip = `${id}-clip`;
  const glow = `${id}-glow`;
  const lane = `${id}-lane`;

  return (
    <svg viewBox="0 0 560 430" role="presentation" aria-hidden="true" focusable="false" width="100%">
      <defs>
        <pattern id={dots} width="9" height="9" patternUnits="userSpaceOnUse">
          <circle cx="4.5" cy="4.5" r="1.3" fill="#9fd6e6" fillOpacity="0.22" />
        </pattern>
        <clipPath id={globeClip}>
          <circle cx="285" cy="180" r="150" />
        </clipPath>
        <radialGradient id={glow} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#1c6f93" stopOpacity="0.55" />
          <stop offset="1" stopColor="#0b2338" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={lane} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#7dd3e0" stopOpacity="0.25" />
          <stop offset="0.5" stopColor="#7dd3e0" />
          <stop offset="1" stopColor="#7dd3e0" stopOpacity="0.25" />
        </linearGradient>
      </defs>

      <circle cx="285" cy="180" r="178" fill={`url(#${glow})`} />
      <circle cx="285" cy="180" r="150" fill="#0e2a42" stroke="#9fd6e6" strokeOpacity="0.18" />
      <g clipPath={`url(#${globeClip})`}>
        <rect x="135" y="30" width="300" height="300" fill={`url(#${dots})`} />
        <g fill="none" stroke="#9fd6e6" strokeOpacity="0.12">
          <ellipse cx="285" cy="180" rx="60" ry="150" />
          <ellipse cx="285" cy="180" rx="112" ry="150" />
          <path d="M135 180 H435" />
          <ellipse cx="285" cy="180" rx="150" ry="52" />
          <ellipse cx="285" cy="180" rx="150" ry="104" />
        </g>
      </g>

      <g fill="none" stroke={`url(#${lane})`} strokeWidth="2" strokeLinecap="round" strokeDasharray="1 7">
        {ROUTES.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
      {/* The first half of the top lane, travelled so far by the vessel at its end. */}
      <path
        d="M168 150 Q 224 95 282.5 99.5"
        fill="none"
        stroke="#7dd3e0"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="282.5" cy="99.5" r="12" fill="#7dd3e0" fillOpacity="0.18" />
      <circle cx="282.5" cy="99.5" r="5" fill="#7dd3e0" />

      {PORTS.map(({ x, y }) => (
        <g key={`${x}-${y}`}>
          <circle cx={x} cy={y} r="10" fill="#7dd3e0" fillOpacity="0.14" />
          <circle cx={x} cy={y} r="4" fill="#0b2338" stroke="#7dd3e0" strokeWidth="2" />
        </g>
      ))}

      <g transform="translate(0 8)">
        {Array.from({ length: 7 }, (_, column) =>
          [0, 1].map((row) => (
            <rect
              key={`${column}-${row}`}
              x={196 + column * 24}
              y={318 + row * 14}
              width="22"
              height="12"
              rx="1.5"
              fill={CONTAINER_COLOURS[(column + row * 3) % CONTAINER_COLOURS.length]}
              fillOpacity={row === 0 ? 0.95 : 0.8}
            />
          )),
        )}
        <rect x="372" y="300" width="24" height="46" rx="2" fill="#dbe7f1" />
        <rect x="376" y="306" width="16" height="5" rx="1" fill="#0e2a42" />
        <rect x="384" y="290" width="4" height="10" fill="#dbe7f1" />
        <path d="M150 346 H432 L410 382 H174 Z" fill="#1b4a6e" />
        <path d="M150 346 H432" stroke="#7dd3e0" strokeOpacity="0.6" strokeWidth="2" />
        <path d="M168 362 H416" stroke="#0e2a42" strokeOpacity="0.7" strokeWidth="3" />
      </g>

      <g fill="none" stroke="#9fd6e6" strokeLinecap="round">
        <path
          d="M96 404 Q 116 396 136 404 T 176 404 T 216 404 T 256 404 T 296 404 T 336 404 T 376 404 T 416 404 T 456 404"
          strokeOpacity="0.28"
          strokeWidth="2"
        />
        <path
          d="M136 418 Q 156 410 176 418 T 216 418 T 256 418 T 296 418 T 336 418 T 376 418 T 416 418"
          strokeOpacity="0.14"
          strokeWidth="2"
        />
      </g>
    </svg>
  );
}
