import { Group, IconButton, Input, type InputProps } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';

/** A password input with a show/hide toggle (owner-admin §2.7). */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Group attached w="full">
      <Input ref={ref} type={visible ? 'text' : 'password'} {...props} />
      <IconButton
        type="button"
        variant="outline"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff /> : <Eye />}
      </IconButton>
    </Group>
  );
});
