// One lazy chunk for the UniFi scheduled tasks page.
export { UnifiTasksPage } from './UnifiTasksPage.tsx';
