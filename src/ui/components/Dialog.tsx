import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './Dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: string;
  /** Escape and the close button call this; absent or not closable, neither does anything. */
  onClose?: () => void;
  /** Escape (and the close button, when labelled) close the dialog; false while it must stay (saving). */
  closable?: boolean;
  /** The close button's accessible name; without it no close button is shown. */
  closeLabel?: string;
  /** Extra class for the panel. */
  className?: string;
  /** Changes when the dialog shows another view: focus moves to that view's first control. */
  viewKey?: string;
  children: ReactNode;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden]'),
  );
}

/**
 * A modal dialog: labelled by its title, focus kept inside (Tab and Shift+Tab wrap), Escape closes
 * when closable, focus returns to where it was when the dialog goes. A click on the backdrop does
 * nothing: a form's input is never lost by a stray click.
 */
export function Dialog({
  title,
  onClose,
  closable = true,
  closeLabel,
  viewKey,
  className,
  children,
}: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef({ onClose, closable });
  useEffect(() => {
    closeRef.current = { onClose, closable };
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const body = dialog.querySelector<HTMLElement>('.dialog__body');
    const first =
      (body && (body.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(body)[0])) ??
      dialog;
    first.focus();
  }, [viewKey]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        const { onClose: close, closable: canClose } = closeRef.current;
        if (canClose) close?.();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      const outside = !(active instanceof Node) || !dialog.contains(active);
      if (event.shiftKey && (active === first || active === dialog || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className={`dialog${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {closable && onClose && closeLabel && (
            <button
              type="button"
              className="dialog__close"
              aria-label={closeLabel}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
