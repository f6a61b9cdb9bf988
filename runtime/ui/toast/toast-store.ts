// One toast system for the whole site (docs/requirements/dealer-services.md#states, #constants): at most 1 toast shown at a time, each for 3000 ms, with an
// optional action. A new toast replaces the one showing. Framework-free, so any block (or a test) can raise one.
export const TOAST_DURATION_MS = 3000;
export const TOAST_LIMIT = 1;

export interface ToastAction {
  label: string;
  /** A path on this site (client navigation). */
  href: string;
}

export interface Toast {
  id: number;
  message: string;
  action?: ToastAction;
}

type Listener = () => void;

export class ToastStore {
  private shown: Toast[] = [];
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;

  constructor(
    private durationMs = TOAST_DURATION_MS,
    private limit = TOAST_LIMIT,
  ) {}

  show(message: string, action?: ToastAction): Toast {
    const toast: Toast = { id: this.nextId++, message, ...(action ? { action } : {}) };
    this.shown = [...this.shown, toast].slice(-this.limit);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.dismiss(toast.id), this.durationMs);
    this.emit();
    return toast;
  }

  dismiss(id: number) {
    const before = this.shown.length;
    this.shown = this.shown.filter((t) => t.id !== id);
    if (this.shown.length !== before) this.emit();
  }

  get toasts(): readonly Toast[] {
    return this.shown;
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private emit() {
    for (const l of this.listeners) l();
  }
}

/** The page's toasts (one per browser tab). */
export const toasts = new ToastStore();
export const showToast = (message: string, action?: ToastAction) => toasts.show(message, action);
