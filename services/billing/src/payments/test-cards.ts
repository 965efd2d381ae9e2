/** Test cards by number, as Stripe's test mode knows them; the simulator answers each as listed. */
export const SIMULATOR_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeds' },
  { number: '4000000000000002', outcome: 'declined (card_declined)' },
  { number: '4000002500003155', outcome: 'requires authentication (confirm again with authenticate: true)' },
] as const;
