import type { SmsGateway, SmsGatewayUpdate, SmsTestInput } from '@splashboard/contract';
import type { AppContext } from '../../platform/context.ts';
import { can, type AccessMode, type Actor } from '../../platform/access.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { normalizePhone } from '../../platform/phone-number.ts';
import type { SiteAccess } from '../../platform/site-access.ts';
import { SmsError, SmsSetupError, type SmsSender } from './sms-sender.ts';
import { applySmsUpdate, presentSmsGateway } from './sms-settings.ts';
import type { SmsGatewaysRepo } from './sms-gateways.repo.ts';

type Deps = Pick<AppContext, 'rateLimiter'> & { gateways: SmsGatewaysRepo; sender: SmsSender; sites: SiteAccess };

// Each test costs the operator a message at their provider; a stuck button should not run up a bill.
const TESTS_PER_HOUR = 30;
const TEST_TEXT = 'Splashboard: this test message confirms that your SMS gateway settings work.';

/**
 * A site's SMS gateway settings (permission smsgateway; client area settings) and a test send. Reading
 * needs read access, saving and sending a test need write access; the site check comes first, so
 * another account's site answers 404.
 */
export function createSmsService({ gateways, sender, rateLimiter, sites }: Deps) {
  const access = (actor: Actor | null, siteId: number, mode: AccessMode) => sites.siteFor(actor, siteId, 'smsgateway', mode);

  return {
    async get(actorIn: Actor | null, siteId: number): Promise<SmsGateway> {
      const { actor, access: levels } = await access(actorIn, siteId, 'read');
      const editable = can(actor, siteId, 'smsgateway', 'write', levels);
      return { ...presentSmsGateway(await gateways.read(siteId)), editable };
    },

    /** Under a row lock, so two partial updates at once do not undo each other; a 422 stores nothing. */
    async update(actor: Actor | null, siteId: number, input: SmsGatewayUpdate): Promise<SmsGateway> {
      const { row: site } = await access(actor, siteId, 'write');
      const saved = await gateways.change(siteId, site.accountId, (current) => applySmsUpdate(current, input));
      return { ...presentSmsGateway(saved), editable: true };
    },

    /** Sends a test message with the saved settings (even while switched off) and says what the gateway answered. */
    async sendTest(actor: Actor | null, siteId: number, input: SmsTestInput): Promise<{ status: 200; message: string }> {
      const { row: site } = await access(actor, siteId, 'write');
      const to = normalizePhone(input.phone, site.defaultCountryCode);
      if (!to) throw fieldError('phone', 'sms.phone');
      await rateLimiter.consume(`sms-test:${siteId}`, TESTS_PER_HOUR, 3600);
      try {
        await sender.send(siteId, to, TEST_TEXT, { evenWhenDisabled: true });
      } catch (error) {
        if (error instanceof SmsSetupError) throw new AppError(409, error.reason, { params: error.params });
        if (!(error instanceof SmsError)) throw error;
        throw new AppError(502, 'sms.sendFailedDetail', { params: { detail: error.message } });
      }
      return { status: 200, message: `Test SMS sent to ${to}` };
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
