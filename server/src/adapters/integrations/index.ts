import type { IntegrationKind } from '@splashboard/contract';
import type { VendorAdapter } from './vendor.ts';
import { dotdigitalAdapter } from './dotdigital/dotdigital.ts';
import { emmaAdapter } from './emma/emma.ts';
import { mailjetAdapter } from './mailjet/mailjet.ts';
import { mailrelayAdapter } from './mailrelay/mailrelay.ts';
import { airshipAdapter } from './airship/airship.ts';
import { customerioAdapter } from './customerio/customerio.ts';
import { icontactAdapter } from './icontact/icontact.ts';
import { msteamsAdapter } from './msteams/msteams.ts';
import { SIGNED_POST_KINDS, signedPostAdapter } from './signed-post/signed-post.ts';
import { webhookAdapter } from './webhook/webhook.ts';
import { hubspotAdapter } from './hubspot/hubspot.ts';
import { mailchimpAdapter } from './mailchimp/mailchimp.ts';
import { klaviyoAdapter } from './klaviyo/klaviyo.ts';
import { campaignMonitorAdapter } from './campaignmonitor/campaignmonitor.ts';

export * from './vendor.ts';

/** Every integration's adapter, by kind (one folder per vendor beside this file). */
export const VENDOR_ADAPTERS: Partial<Record<IntegrationKind, VendorAdapter>> = {
  // webhook, Teams and the signed JSON POST vendors
  webhook: webhookAdapter,
  msteams: msteamsAdapter,
  ...Object.fromEntries(SIGNED_POST_KINDS.map((kind) => [kind, signedPostAdapter(kind)])),

  // HubSpot, Mailchimp, Klaviyo, Campaign Monitor
  hubspot: hubspotAdapter,
  mailchimp: mailchimpAdapter,
  klaviyo: klaviyoAdapter,
  campaignmonitor: campaignMonitorAdapter,

  // dotdigital, Emma, Mailjet, Mailrelay, iContact, Customer.io, Airship
  dotdigital: dotdigitalAdapter,
  emma: emmaAdapter,
  mailjet: mailjetAdapter,
  mailrelay: mailrelayAdapter,
  icontact: icontactAdapter,
  customerio: customerioAdapter,
  airship: airshipAdapter,
};

export function adapterFor(kind: IntegrationKind): VendorAdapter {
  const adapter = VENDOR_ADAPTERS[kind];
  if (!adapter) throw new Error(`no adapter for the integration ${kind}`);
  return adapter;
}
