import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE, normalizeColor } from '../../model/catalog/colors';

/** 14 columns by 8 rows of 20 px swatches fill the spec's 282 x 170 panel; the palette runs down the columns. */
export const SWATCH_ROWS = 8;

interface ColorMenuProps {
  /** The colour now in use ('#rrggbb'). */
  value: string;
  onChoose(color: string | null): void;
  onClose(): void;
  /** 'Geen achtergrondkleur' (white) for the background; left out for text colours. */
  noneLabel?: string;
  className?: string;
}

/**
 * The colour menu: 'Kies je kleur', 'sluit', the 112 palette swatches and, for the background,
 * 'Geen achtergrondkleur'. The swatches are one radio group: Tab enters at the chosen colour,
 * arrow keys move (up and down within a column of the palette, left and right across), Escape closes.
 */
export function ColorMenu({ value, onChoose, onClose, noneLabel, className }: ColorMenuProps) {
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
    const steps: Record<string, number> = {
      ArrowUp: -1,
      ArrowDown: 1,
      ArrowLeft: -SWATCH_ROWS,
      ArrowRight: SWATCH_ROWS,
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
      className={`color-menu${className ? ` ${className}` : ''}`}
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
