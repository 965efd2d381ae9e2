import { createToaster } from '@chakra-ui/react';

/**
 * The app's single toaster: one toast visible at a time (§9), centred below the sticky header,
 * clear of the user menu and of the floating "Request City Quotes" button.
 */
export const toaster = createToaster({
  placement: 'top',
  max: 1,
  pauseOnPageIdle: true,
  offsets: { top: '80px', right: '16px', bottom: '16px', left: '16px' },
});

export interface ToastInput {
  title: string;
  description?: string;
  /** `error` is the spec's "destructive" toast. */
  type?: 'success' | 'error' | 'info';
}

/** Replaces whatever toast is showing with this one. */
export function showToast({ title, description, type = 'success' }: ToastInput): void {
  toaster.remove();
  toaster.create({ title, description, type, duration: type === 'error' ? 7000 : 5000, closable: true });
}
