import { CloseButton, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toaster } from '../lib/toaster';

/** Renders the toasts of `showToast`, announced to screen readers as they appear. */
export default function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && (
              <Toast.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Dismiss notification" />
              </Toast.CloseTrigger>
            )}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
