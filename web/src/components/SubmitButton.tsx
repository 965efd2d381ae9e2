import { Button, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** The request is under way: the button waits and says `pendingText`. */
  pending: boolean;
  pendingText: string;
  /** What the button says otherwise. */
  children: ReactNode;
}

/** A form's brand-coloured submit button, which waits (and says so) while its request is under way. */
export function SubmitButton({ pending, pendingText, disabled, children, ...button }: SubmitButtonProps) {
  return (
    <Button type="submit" colorPalette="brand" {...button} disabled={pending || disabled}>
      {pending ? pendingText : children}
    </Button>
  );
}
