import { serverTextOf } from '../../app/serverText.ts';

/** The server's sign-in, registration and account messages in the dashboard's language (`auth.errors`). */
export const useAuthServerText = serverTextOf('auth.errors');
