import type { ContactOutcome, LoginNotice, VendorAdapter, VendorConnection } from '../vendor.ts';
import { failure, vendorRequest, type VendorResponse } from '../vendor-http.ts';

/**
 * Microsoft Teams through a Workflows webhook ("When a Teams webhook request is received"; Office 365
 * connectors are retired): each guest login posted as an Adaptive Card to the URL the operator copied
 * from the workflow. Docs followed:
 * - https://support.microsoft.com/en-us/office/create-incoming-webhooks-with-workflows-for-microsoft-teams-8ae491c7-0394-4861-ba59-055e33f75498
 * - https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using
 *   (the `{type:'message', attachments:[{contentType:'application/vnd.microsoft.card.adaptive', …}]}` body)
 * - https://learn.microsoft.com/en-us/power-automate/limits-and-config (Workflows throttle: about 1 call a second)
 * A workflow answers 202 Accepted. Teams keeps no contacts: unsubscribes and erasures post nothing personal.
 * Plain HTTP through vendor-http.ts: there is no SDK for a workflow's webhook.
 */

const CARD_SCHEMA = 'http://adaptivecards.io/schemas/adaptive-card.json';

const text = (value: string, extra: Record<string, unknown> = {}) => ({ type: 'TextBlock', text: value, wrap: true, ...extra });

/** The message a workflow posts to its channel: one Adaptive Card. */
export function teamsMessage(body: unknown[]) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: { $schema: CARD_SCHEMA, type: 'AdaptiveCard', version: '1.4', body },
      },
    ],
  };
}

/** The card of a login: who (name, email), where (site), visits, when. */
export function loginCard(notice: LoginNotice) {
  const g = notice.guest;
  const name = [g.first_name, g.last_name].filter(Boolean).join(' ') || 'A guest';
  return teamsMessage([
    text(`${name} logged in`, { size: 'Medium', weight: 'Bolder' }),
    text(g.email ? `Email: ${g.email}` : `Phone: ${g.phone ?? '—'}`),
    text(`Site: ${notice.site.name}`),
    text(`Visits: ${g.visits ?? '—'}`),
    text(`When: ${notice.at}`),
  ]);
}

/** A workflow's error body is `{error: {code, message}}`. */
function teamsFailure(res: VendorResponse) {
  const err = (res.json as { error?: { code?: string; message?: string } } | null)?.error;
  if (err?.message) return failure({ ...res, json: { message: `${err.code ?? ''} ${err.message}`.trim() } }, 'workflow');
  return failure(res, 'workflow');
}

async function post(conn: VendorConnection, message: unknown) {
  const res = await vendorRequest(conn.settings.url ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
  if (res.status < 200 || res.status >= 300) throw teamsFailure(res);
  return res;
}

export const msteamsAdapter: VendorAdapter = {
  kind: 'msteams',
  batchSize: 1,
  callsPerSecond: 1,
  defaultFieldMap: [],

  async test(conn) {
    await post(conn, teamsMessage([text('Splashboard is connected', { weight: 'Bolder' })]));
    return { account: new URL(conn.settings.url ?? '').host };
  },

  async notify(conn, notices): Promise<ContactOutcome[]> {
    const outcomes: ContactOutcome[] = [];
    for (const notice of notices) {
      if (notice.event !== 'guest.login') {
        outcomes.push({ ok: true, answer: 'Teams keeps no contacts' });
        continue;
      }
      const res = await post(conn, loginCard(notice));
      outcomes.push({ ok: true, httpStatus: res.status });
    }
    return outcomes;
  },
};
