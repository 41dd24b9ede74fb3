import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';

const EDGE = 4;

/**
 * 'Wat wil je met deze foto doen?': Vervang, Bewerk (faded and disabled until the photo has
 * loaded) and Verwijder. It opens where the slot was clicked, hides when the mouse leaves it,
 * and works as a menu from the keyboard (arrows, Home, End, Escape).
 */
export const PhotoContextMenu = observer(function PhotoContextMenu({
  stage,
}: {
  stage: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const { editor } = useStores();
  const menu = editor.slotActions.contextMenu;
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const slot = menu?.slot;

  // Placed with the pointer just inside it and kept inside the stage, before it is painted;
  // then focus moves to its first item (a hidden element could not take it).
  useLayoutEffect(() => {
    const element = root.current;
    if (!menu || !element) return;
    const maxLeft = (stage?.clientWidth ?? element.offsetWidth) - element.offsetWidth - EDGE;
    const maxTop = (stage?.clientHeight ?? element.offsetHeight) - element.offsetHeight - EDGE;
    element.style.left = `${Math.max(EDGE, Math.min(menu.x - 12, maxLeft))}px`;
    element.style.top = `${Math.max(EDGE, Math.min(menu.y - 12, maxTop))}px`;
    element.style.visibility = 'visible';
  }, [menu, stage]);

  useLayoutEffect(() => {
    if (slot) root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [slot]);

  useEffect(() => {
    if (!slot) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) editor.slotActions.closeContextMenu();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [slot, editor]);

  if (!menu) return null;
  const canEdit = editor.slotActions.canEdit(menu.slot);
  const backToSlot = () =>
    document.querySelector<HTMLElement>(`.slot--photo[data-slot="${menu.slot}"]`)?.focus();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (next: number) => {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(index + 1);
    else if (event.key === 'ArrowUp') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      editor.slotActions.closeContextMenu();
      backToSlot();
    }
  };

  return (
    <div
      ref={root}
      className="context-menu"
      style={{ visibility: 'hidden' }}
      onMouseLeave={() => editor.slotActions.closeContextMenu()}
      onKeyDown={onKeyDown}
      data-slot={menu.slot}
    >
      <p id={titleId} className="context-menu__title">
        {t('editor.contextMenu.title')}
      </p>
      <div role="menu" aria-labelledby={titleId}>
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="context-menu__item"
          onClick={() => editor.slotActions.replacePhoto()}
        >
          {t('editor.contextMenu.replace')}
        </button>
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`context-menu__item${canEdit ? '' : ' is-faded'}`}
          aria-disabled={!canEdit}
          onClick={() => canEdit && editor.slotActions.editPhoto()}
        >
          {t('editor.contextMenu.edit')}
        </button>
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="context-menu__item"
          onClick={() => {
            editor.slotActions.deletePhoto();
            backToSlot();
          }}
        >
          {t('editor.contextMenu.delete')}
        </button>
      </div>
    </div>
  );
});
