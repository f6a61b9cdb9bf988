// A modal dialog on the native <dialog> element: the page behind is inert, Tab stays inside, Escape and the close
// button close it, and focus goes back to whatever opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialogs.css';

export function Dialog({
  title,
  open,
  onClose,
  children,
  className,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Focus the first field rather than the close button, so typing starts at once.
      const first = dialog.querySelector<HTMLElement>(
        '.lead-dialog-body input:not([type=hidden]):not([tabindex="-1"]), .lead-dialog-body select, .lead-dialog-body textarea',
      );
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
      onCloseRef.current();
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

  return (
    <dialog
      ref={ref}
      className={`lead-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      <div className="lead-dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="lead-dialog-close" aria-label="Close" onClick={() => ref.current?.close()}>
          ×
        </button>
      </div>
      <div className="lead-dialog-body">{open ? children : null}</div>
    </dialog>
  );
}
