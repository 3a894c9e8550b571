import type { FastifyBaseLogger } from 'fastify';
import { SMS_MESSAGES, smsGatewayProblems, type SmsGatewayConfig } from '@splashboard/contract';
import { SmsError, sendThroughGateway } from '../../adapters/sms/http-sms-gateway.ts';
import { secretsPresent } from './sms-settings.ts';
import type { SmsGatewaysRepo } from './sms-gateways.repo.ts';

export { SmsError };

export interface SmsSendOptions {
  /** For the dashboard's test: send with the saved settings even while they are switched off. */
  evenWhenDisabled?: boolean;
}

export interface SmsSender {
  /** Sends one text to an E.164 number through the site's gateway; throws SmsError. */
  send(siteId: number, to: string, text: string, options?: SmsSendOptions): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Sends through a site's SMS gateway as its settings say. It reads the settings itself (it is called
 * for guests, without a signed-in user), checks them, and hands the message to the gateway adapter.
 */
export function createSmsSender({
  gateways,
  log,
}: {
  gateways: Pick<SmsGatewaysRepo, 'read'>;
  log: FastifyBaseLogger;
}): SmsSender {
  return {
    async send(siteId, to, text, options = {}) {
      if (!E164.test(to)) throw new SmsError('failed', 'The phone number is not in international (E.164) format');
      const settings = await gateways.read(siteId);
      if (!settings) throw new SmsError('not_configured', SMS_MESSAGES.notConfigured);
      if (!settings.config.enabled && !options.evenWhenDisabled)
        throw new SmsError('not_configured', 'The SMS gateway of this site is switched off');
      if (!settings.secretsReadable)
        throw new SmsError(
          'not_configured',
          'The SMS gateway credentials cannot be decrypted (was SECRET_KEY changed?); enter them again',
        );
      const config: SmsGatewayConfig = { ...settings.config, enabled: true };
      const problems = Object.values(smsGatewayProblems(config, secretsPresent(settings.secrets))).flat();
      if (problems.length)
        throw new SmsError('not_configured', `The SMS gateway settings are incomplete: ${problems.join('; ')}`);

      await sendThroughGateway(config, settings.secrets, to, text, { logger: log, siteId });
    },
  };
}
