import { serverTextOf } from '../../app/serverText.ts';
import './i18n.ts';

/** A message from the server in the dashboard's language when it is one of this area's; otherwise as it came. */
export const useServerText = serverTextOf('guestAccounts.errors');
