export interface ToastInput {
  title: string;
  description?: string;
  /** `error` is the spec's "destructive" toast. */
  type?: 'success' | 'error' | 'info';
}

/** Replaces whatever toast is showing with this one (the toaster's code is fetched on first use). */
export function showToast({ title, description, type = 'success' }: ToastInput): void {
  void import('./toaster').then(({ toaster }) => {
    toaster.remove();
    toaster.create({ title, description, type, duration: type === 'error' ? 7000 : 5000, closable: true });
  });
}
