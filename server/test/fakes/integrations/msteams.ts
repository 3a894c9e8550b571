import type { VendorAnswer, VendorRequest } from '../vendor-server.ts';
import type { FakeVendor } from './fake-vendor.ts';
import { LoopbackFake } from './loopback-fake.ts';

interface AdaptiveCardMessage {
  type: string;
  attachments: {
    contentType: string;
    contentUrl: null;
    content: { type: string; version: string; body: { type: string; text?: string }[] };
  }[];
}

/**
 * A Teams Workflows webhook ("When a Teams webhook request is received"): the URL carries the
 * workflow's `sig`; a wrong one answers 401 `{error:{code:'DirectApiAuthorizationRequired',…}}` as
 * Power Automate does; a message that is not an Adaptive Card answers 400; otherwise 202 and the card
 * is kept. Teams keeps no contacts: `contact(email)` is the last card naming that address, as text lines.
 */
export class TeamsWorkflow extends LoopbackFake implements FakeVendor {
  readonly kind = 'msteams' as const;
  readonly cards: AdaptiveCardMessage[] = [];
  private readonly path = '/workflows/5f2c/triggers/manual/paths/invoke';

  constructor(readonly sig = Math.random().toString(36).slice(2)) {
    super();
  }

  get settings() {
    return { url: `${this.url}${this.path}?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${this.sig}` };
  }

  protected handle(req: VendorRequest): VendorAnswer {
    if (req.method !== 'POST' || req.path !== this.path)
      return { status: 404, json: { error: { code: 'NotFound', message: 'Not found' } } };
    if (req.query.get('sig') !== this.sig)
      return {
        status: 401,
        json: { error: { code: 'DirectApiAuthorizationRequired', message: 'The request must be authenticated.' } },
      };
    const fault = this.faults.fault(
      { error: { code: 'WorkflowTriggeredTooFrequently', message: 'Rate limit is exceeded.' } },
      { error: { code: 'ServiceUnavailable', message: 'Try again later.' } },
    );
    if (fault) return fault;
    const message = req.json as unknown as AdaptiveCardMessage | null;
    const card = message?.attachments?.[0];
    if (
      message?.type !== 'message' ||
      card?.contentType !== 'application/vnd.microsoft.card.adaptive' ||
      card.content?.type !== 'AdaptiveCard'
    )
      return { status: 400, json: { error: { code: 'InvalidTemplate', message: 'Not an Adaptive Card message.' } } };
    this.cards.push(message);
    return { status: 202, text: '' };
  }

  /** The text lines of each card kept. */
  lines(): string[][] {
    return this.cards.map((m) => m.attachments[0]!.content.body.map((b) => b.text ?? ''));
  }

  contact(email: string) {
    const card = this.lines()
      .filter((l) => l.includes(`Email: ${email}`))
      .at(-1);
    return card ? { lines: card } : undefined;
  }
  count() {
    return new Set(this.lines().flatMap((l) => l.filter((t) => t.startsWith('Email: ')))).size;
  }
  /** Teams keeps no contacts: nothing to unsubscribe or erase there. */
  unsubscribed() {
    return false;
  }
  erased() {
    return false;
  }
}
