export * from './accounts.ts';
export * from './sites.ts';
export * from './auth.ts';
export * from './mail.ts';
export * from './network.ts';
export * from './splash.ts';
