export interface ToastInput {
  title: string;
  description?: string;
  /** `error` is the spec's "destructive" toast. */
  type?: 'success' | 'error' | 'info';
}

const toastWanted = new Set<() => void>();

/** Calls `listener` whenever a toast is asked for (the layout mounts its toast area then, if not yet); returns its removal. */
export function onToastWanted(listener: () => void): () => void {
  toastWanted.add(listener);
  return () => void toastWanted.delete(listener);
}

/** Replaces whatever toast is showing with this one (the toaster's code is fetched on first use). */
export function showToast({ title, description, type = 'success' }: ToastInput): void {
  for (const listener of toastWanted) listener();
  void import('./toaster').then(({ toaster }) => {
    toaster.remove();
    toaster.create({ title, description, type, duration: type === 'error' ? 7000 : 5000, closable: true });
  });
}
