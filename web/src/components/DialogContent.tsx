import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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

/** A dialog's footer: Cancel (closing it), then the dialog's own action. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" type="button">
          Cancel
        </Button>
      </Dialog.ActionTrigger>
      {children}
    </Dialog.Footer>
  );
}
