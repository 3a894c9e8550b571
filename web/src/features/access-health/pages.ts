// One lazy chunk for the access health page.
export { AccessHealthPage } from './AccessHealthPage.tsx';
