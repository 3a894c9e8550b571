// One lazy chunk for the guests screens.
export { GuestsPage } from './GuestsPage.tsx';
export { GuestDetailsPage } from './GuestDetailsPage.tsx';
