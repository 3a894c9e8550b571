import type { Area } from '../../platform/area.ts';
import type { AppContext } from '../../platform/context.ts';
import { createGuestAccountsRepo } from '../guest-accounts/guest-accounts.repo.ts';
import { createGuestSessionsRepo } from '../guests/guest-sessions.repo.ts';
import { createPaymentAccountsRepo } from '../payments/accounts/payment-accounts.repo.ts';
import { createSitesRepo } from '../sites/sites.repo.ts';
import { smsSenderOf } from '../sms/index.ts';
import { createSplashRepo } from '../splash/splash.repo.ts';
import { createVouchersRepo } from '../vouchers/vouchers.repo.ts';
import { ACCESS_NOTICES_CRON, ACCESS_NOTICES_JOB, createAccessNotices } from './access-notices.ts';
import { createAccessNoticesRepo } from './access-notices.repo.ts';

type Deps = Pick<AppContext, 'db' | 'secrets' | 'jobs' | 'log' | 'mailer' | 'accounts'>;

/** The notices built from the app's parts (the area's job uses it; tests scan with it directly). */
export const accessNoticesOf = (deps: Deps) =>
  createAccessNotices({
    log: deps.log,
    mailer: deps.mailer,
    sms: smsSenderOf(deps),
    notices: createAccessNoticesRepo(deps.db),
    splash: createSplashRepo(deps.db),
    sitesRepo: createSitesRepo(deps.db),
    users: deps.accounts,
    guestAccounts: createGuestAccountsRepo(deps.db),
    vouchers: createVouchersRepo(deps.db),
    paymentAccounts: createPaymentAccountsRepo(deps.db),
    guestSessions: createGuestSessionsRepo(deps.db),
  });

/** Usage and expiry notices of guest accounts, vouchers and payment accounts (access-notices.ts): a scheduled scan, no routes. */
export const accessNoticesArea: Area<Deps> = {
  name: 'access-notices',
  register: async (_app, deps) => {
    const notices = accessNoticesOf(deps);
    deps.jobs.register(ACCESS_NOTICES_JOB, async ({ at }) => {
      await notices.scan(at ? new Date(at) : new Date());
    });
    deps.jobs.schedule(ACCESS_NOTICES_JOB, ACCESS_NOTICES_CRON);
  },
};
