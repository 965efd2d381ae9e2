import { createToaster } from '@chakra-ui/react';

/**
 * The app's single toaster: one toast visible at a time (§9), centred below the sticky header,
 * clear of the user menu and of the floating "Request City Quotes" button. Its code (the toast
 * machine) is loaded after the first paint: by the toast area (AppToaster) or the first toast.
 */
export const toaster = createToaster({
  placement: 'top',
  max: 1,
  pauseOnPageIdle: true,
  offsets: { top: '80px', right: '16px', bottom: '16px', left: '16px' },
});
