import { Button, type ButtonProps } from '@chakra-ui/react';
import type { Company } from '@limo/contracts';
import { lazy, Suspense, useState } from 'react';

const QuoteDialog = lazy(() => import('./QuoteDialog'));

export interface RequestQuoteButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  company: Company;
}

/** "Request Quote" of a company, opening its quote dialog (loaded on the first click). */
export function RequestQuoteButton({ company, ...button }: RequestQuoteButtonProps) {
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing animates and focus returns to the button.
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        colorPalette="brand"
        {...button}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Request Quote
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <QuoteDialog company={company} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
