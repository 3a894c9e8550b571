import { INTEGRATIONS, type IntegrationKind } from '@splashboard/contract';
import { AirshipSoap } from './airship.ts';
import { CampaignMonitorFake } from './campaignmonitor.ts';
import { CustomerIoTrack } from './customerio.ts';
import { DotdigitalFake } from './dotdigital.ts';
import { EmmaFake } from './emma.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { HubSpotFake } from './hubspot.ts';
import { IContactApi } from './icontact.ts';
import { KlaviyoFake } from './klaviyo.ts';
import { MailchimpFake } from './mailchimp.ts';
import { MailjetFake } from './mailjet.ts';
import { MailrelayFake } from './mailrelay.ts';
import { TeamsWorkflow } from './msteams.ts';
import { SignedPostReceiver } from './signed-post-receiver.ts';
import { WebhookReceiver } from './webhook-receiver.ts';

export type { FakeVendor } from './fake-vendor.ts';

/** A started fake of each integration's vendor, speaking its documented API on loopback. */
export async function startFakeVendor(kind: IntegrationKind): Promise<FakeVendor> {
  switch (kind) {
    case 'hubspot':
      return new HubSpotFake().start();
    case 'mailchimp':
      return new MailchimpFake().start();
    case 'klaviyo':
      return new KlaviyoFake().start();
    case 'campaignmonitor':
      return new CampaignMonitorFake().start();
    case 'dotdigital':
      return new DotdigitalFake().start();
    case 'emma':
      return new EmmaFake().start();
    case 'mailjet':
      return new MailjetFake().start();
    case 'mailrelay':
      return new MailrelayFake().start();
    case 'icontact':
      return new IContactApi().start();
    case 'customerio':
      return new CustomerIoTrack().start();
    case 'airship':
      return new AirshipSoap().start();
    case 'msteams':
      return new TeamsWorkflow().start();
    case 'webhook':
      return new WebhookReceiver().start();
    default:
      return new SignedPostReceiver(kind).start();
  }
}

/**
 * The vendors reached at a fixed origin (their API's host): the server is pointed at their fakes with
 * INTEGRATION_API_BASES. The others are reached at the URL their settings hold.
 */
export const reachedAtFixedOrigin = (kind: IntegrationKind) =>
  INTEGRATIONS[kind].transport === 'api' && !INTEGRATIONS[kind].fields.some((f) => f.name === 'url');

/** INTEGRATION_API_BASES for a set of started fakes. */
export const apiBasesOf = (fakes: FakeVendor[]) =>
  JSON.stringify(Object.fromEntries(fakes.filter((f) => reachedAtFixedOrigin(f.kind)).map((f) => [f.kind, f.url])));
