// One lazy chunk for the Whitelisted devices screens.
export { WhitelistPage } from './WhitelistPage.tsx';
export { CreatePage, EditPage } from './FormPages.tsx';
