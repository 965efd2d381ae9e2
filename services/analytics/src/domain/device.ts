import type { DeviceType } from '@limo/contracts';

const TABLET = /ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|android.*mobile|windows phone|blackberry|opera mini|iemobile/i;

/** The device class of a user agent, for events whose client did not say (public-side §3's three classes). */
export function deviceFromUserAgent(userAgent: string): DeviceType {
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}
