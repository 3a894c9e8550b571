import type { FastifyBaseLogger } from 'fastify';
import {
  messageText,
  smsGatewayProblems,
  type MessageCode,
  type MessageParams,
  type SmsGatewayConfig,
} from '@splashboard/contract';
import { SmsError, sendThroughGateway } from '../../adapters/sms/http-sms-gateway.ts';
import { secretsPresent } from './sms-settings.ts';
import type { SmsGatewaysRepo } from './sms-gateways.repo.ts';

export { SmsError };

/** A gateway that cannot be used as it is set up; `reason` words it for the dashboard. */
export class SmsSetupError extends SmsError {
  constructor(
    readonly reason: MessageCode,
    readonly params?: MessageParams,
  ) {
    super('not_configured', messageText(reason, params));
  }
}

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
      if (!settings) throw new SmsSetupError('sms.notConfigured');
      if (!settings.config.enabled && !options.evenWhenDisabled) throw new SmsSetupError('sms.switchedOff');
      if (!settings.secretsReadable) throw new SmsSetupError('sms.secretsUnreadable');
      const config: SmsGatewayConfig = { ...settings.config, enabled: true };
      const problems = Object.values(smsGatewayProblems(config, secretsPresent(settings.secrets))).flat();
      if (problems.length) throw new SmsSetupError('sms.incomplete', { problems: problems.join('; ') });

      await sendThroughGateway(config, settings.secrets, to, text, { logger: log, siteId });
    },
  };
}
