/**
 * The editor's icons as inline SVG, drawn in currentColor. They are decoration: the button or
 * link around each one carries the accessible name.
 */
import type { Smiley } from '../../model/photos/quality';

const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
} as const;
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function FloppyIcon() {
  return (
    <svg {...base}>
      <path {...stroke} d="M5 3h11l3 3v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" />
      <path {...stroke} d="M7 3v5h8V3M7 21v-7h10v7" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...base}>
      <path {...stroke} d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CrossIcon() {
  return (
    <svg {...base}>
      <path {...stroke} d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function BackIcon() {
  return (
    <svg {...base}>
      <path {...stroke} d="M15 5l-7 7 7 7" />
    </svg>
  );
}

export function UndoIcon() {
  return (
    <svg {...base}>
      <path {...stroke} d="M9 14L4 9l5-5" />
      <path {...stroke} d="M4 9h11a5 5 0 0 1 0 10h-3" />
    </svg>
  );
}

export function RedoIcon() {
  return (
    <svg {...base}>
      <path {...stroke} d="M15 14l5-5-5-5" />
      <path {...stroke} d="M20 9H9a5 5 0 0 0 0 10h3" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...base} width={14} height={14}>
      <path {...stroke} strokeWidth={3} d="M5 12l5 5 9-10" />
    </svg>
  );
}

export function PaletteIcon() {
  return (
    <svg {...base}>
      <path
        {...stroke}
        d="M12 3a9 9 0 1 0 0 18c1.2 0 2-.8 2-2 0-.6-.3-1-.6-1.4-.3-.4-.6-.8-.6-1.4 0-1.1.9-2 2-2H17a4 4 0 0 0 4-4c0-4-4-7.2-9-7.2z"
      />
      <circle cx="7.5" cy="11" r="1.2" fill="currentColor" />
      <circle cx="10" cy="7" r="1.2" fill="currentColor" />
      <circle cx="15" cy="7.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

const SMILEY_FILL: Record<Smiley, string> = { red: '#d0312d', orange: '#e07b00', green: '#2e8540' };

/** The quality smiley: green laughs, orange is neutral, red is sad. */
export function SmileyFace({ smiley, size }: { smiley: Smiley; size: number }) {
  const mouth =
    smiley === 'green'
      ? 'M8 14c1 2 7 2 8 0'
      : smiley === 'orange'
        ? 'M8 15h8'
        : 'M8 16c1-2 7-2 8 0';
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill={SMILEY_FILL[smiley]} stroke="#fff" strokeWidth="1.5" />
      <circle cx="8.5" cy="9.5" r="1.5" fill="#fff" />
      <circle cx="15.5" cy="9.5" r="1.5" fill="#fff" />
      <path d={mouth} fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
