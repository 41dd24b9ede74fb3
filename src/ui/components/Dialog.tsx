import { useEffect, useId, useRef, type ReactNode } from 'react';
import './Dialog.css';

export interface DialogProps {
  /** The visible heading; it also names the dialog for screen readers. */
  title: string;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  /** Escape, the close button and a click on the backdrop end up here; the parent unmounts the dialog. */
  onClose(): void;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the platform's <dialog> with showModal(): the rest of the page becomes inert
 * (focus cannot leave, which is the focus trap), Escape asks to close, and focus goes back where
 * it was when the dialog closes. Mounted means open.
 */
export function Dialog({ title, closeLabel, onClose, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: React owns whether the dialog is open, so the parent decides.
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself, outside its inner frame.
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="dialog__frame">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
