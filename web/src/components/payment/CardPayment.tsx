import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { SimulatorCardForm, type CardFormProps } from './SimulatorCardForm';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** The card form the server's provider calls for: Stripe Elements, or the simulator's form in test mode. */
export function CardPayment(given: CardFormProps) {
  // A declined card's toast must not outlive the payment a later card made.
  const props: CardFormProps = {
    ...given,
    onPaid: (id) => {
      void import('../../lib/toaster').then(({ toaster }) => toaster.remove());
      given.onPaid(id);
    },
  };
  if (props.config.provider === 'stripe' && props.config.publishableKey) {
    return (
      <Suspense
        fallback={
          <Center py="8">
            <Spinner aria-label="Loading the card form" />
          </Center>
        }
      >
        <StripeCardForm {...props} />
      </Suspense>
    );
  }
  return <SimulatorCardForm {...props} />;
}
