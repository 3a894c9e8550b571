import { config } from 'zod/v4/core';

// Zod compiles a faster parser for each object schema with `new Function` unless told not to, and tries
// it once as each schema is made: the dashboard's content security policy allows no eval, so the browser
// would report a refusal for nothing. Imported first by main.tsx, before any schema is made.
config({ jitless: true });
