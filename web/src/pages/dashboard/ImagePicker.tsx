import { Button, Input } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { type imageSize, sendIfValid } from './imageRules';

export interface ImagePickerProps {
  /** The hidden file field's accessible name. */
  inputLabel: string;
  disabled: boolean;
  /** How an image's size is read (tests give their own). */
  measure: typeof imageSize;
  /** Called with a picked image that passes the checks (a failing one is told in a toast). */
  onImage(file: File): void;
  /** The button's text. */
  children: ReactNode;
}

/** The owner's upload button: it opens the file chooser, checks the picked image, and clears the choice for the next pick. */
export function ImagePicker({ inputLabel, disabled, measure, onImage, children }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    await sendIfValid(file, measure, onImage);
  };
  return (
    <>
      <Input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label={inputLabel}
        display="none"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button colorPalette="brand" alignSelf="start" onClick={() => input.current?.click()} disabled={disabled}>
        <Upload aria-hidden="true" /> {children}
      </Button>
    </>
  );
}
