import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export interface LinkButtonProps extends Omit<ButtonProps, 'asChild'> {
  /** The app's path the button leads to. */
  to: string;
}

/** A link within the app that looks like a button (Chakra's `Button asChild` over the router's `Link`). */
export function LinkButton({ to, children, ...button }: LinkButtonProps) {
  return (
    <Button asChild {...button}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
