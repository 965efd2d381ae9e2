import { CloseButton, Dialog, Portal } from '@chakra-ui/react';

export interface DialogContentProps extends Dialog.ContentProps {
  /** Whether the corner's close button shows (default true). */
  closable?: boolean;
}

/** A dialog's content in a portal over its backdrop, with a close button in its corner (Chakra's dialog snippet). */
export function DialogContent({ closable = true, children, ...content }: DialogContentProps) {
  return (
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content {...content}>
          {children}
          {closable && (
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          )}
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  );
}
