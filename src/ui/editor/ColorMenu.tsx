import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE, normalizeColor } from '../../model/catalog/colors';

/**
 * The palette shown in runs of 8 (eight greys, or one tone of eight hues). 'wide': each run a column,
 * 14 columns by 8 rows of 20 px swatches filling the spec's 282 x 170 panel (the title and text
 * dialogs). 'narrow': each run a row, 8 columns by 14 rows (160 x 280 px of swatches), so that the
 * background menu stays inside the side menu's 250 px column instead of covering the collage it
 * colours (issue 25).
 */
export const SWATCH_RUN = 8;
export type ColorMenuLayout = 'wide' | 'narrow';

interface ColorMenuProps {
  /** The colour now in use ('#rrggbb'). */
  value: string;
  onChoose(color: string | null): void;
  onClose(): void;
  /** 'Geen achtergrondkleur' (white) for the background; left out for text colours. */
  noneLabel?: string;
  className?: string;
  /** 'wide' (the spec's 282 px) unless said otherwise. */
  layout?: ColorMenuLayout;
}

/**
 * The colour menu: 'Kies je kleur', 'sluit', the 112 palette swatches and, for the background,
 * 'Geen achtergrondkleur'. The swatches are one radio group: Tab enters at the chosen colour,
 * arrow keys move as the swatches lie (up, down, left, right on the screen), Escape closes.
 */
export function ColorMenu({
  value,
  onChoose,
  onClose,
  noneLabel,
  className,
  layout = 'wide',
}: ColorMenuProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const current = PALETTE.indexOf(normalizeColor(value) ?? '');
  const [focusIndex, setFocusIndex] = useState(Math.max(0, current));
  const swatches = useRef<(HTMLButtonElement | null)[]>([]);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const menu = root.current;
    swatches.current[Math.max(0, current)]?.focus();
    // Focus brings the chosen swatch into view, not the whole menu: on a short window the side
    // menu scrolls until 'Geen achtergrondkleur' shows too.
    menu?.scrollIntoView?.({ block: 'nearest' });
    return () => {
      // Focus goes back to the opener when it was in the menu (or got lost with it).
      const active = document.activeElement;
      const lost = !active || active === document.body || (menu?.contains(active) ?? false);
      if (opener?.isConnected && lost) opener.focus();
    };
    // Focus moves in once, when the menu opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    // Along a run is down in the wide layout, across in the narrow one.
    const [across, down] = layout === 'wide' ? [SWATCH_RUN, 1] : [1, SWATCH_RUN];
    const steps: Record<string, number> = {
      ArrowUp: -down,
      ArrowDown: down,
      ArrowLeft: -across,
      ArrowRight: across,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    const step = steps[event.key];
    if (
      step === undefined ||
      !(event.target instanceof HTMLButtonElement) ||
      event.target.dataset.color === undefined
    )
      return;
    event.preventDefault();
    const next = Math.min(PALETTE.length - 1, Math.max(0, focusIndex + step));
    setFocusIndex(next);
    swatches.current[next]?.focus();
  };

  return (
    <div
      ref={root}
      className={`color-menu color-menu--${layout}${className ? ` ${className}` : ''}`}
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={move}
    >
      <div className="color-menu__head">
        <h3 id={titleId} className="color-menu__title">
          {t('editor.color.title')}
        </h3>
        <button type="button" className="link-button" onClick={onClose}>
          {t('editor.color.close')}
        </button>
      </div>
      <div className="color-menu__swatches" role="radiogroup" aria-labelledby={titleId}>
        {PALETTE.map((color, index) => (
          <button
            key={color}
            ref={(element) => {
              swatches.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={index === current}
            aria-label={t('editor.color.swatch', { color })}
            tabIndex={index === focusIndex ? 0 : -1}
            className="color-menu__swatch"
            style={{ background: color }}
            data-color={color}
            onFocus={() => setFocusIndex(index)}
            onClick={() => onChoose(color)}
          />
        ))}
      </div>
      {noneLabel && (
        <button
          type="button"
          className="link-button color-menu__none"
          onClick={() => onChoose(null)}
        >
          {noneLabel}
        </button>
      )}
    </div>
  );
}
