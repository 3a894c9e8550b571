/**
 * Events and their delivery: `GET /v1/events[/:id]`, webhook endpoints, and POSTs signed as Stripe
 * signs them (`Stripe-Signature: t=<ts>,v1=<HMAC-SHA256(secret, "<ts>.<body>")>`), retried on a non-2xx
 * answer. Deliveries go one after another, in the order the events happened.
 */
import { createHmac } from 'node:crypto';
import type { Route } from './route.ts';
import { allowOnly, expanded, invalid, listOf, newId, required, type Obj, type Store } from './store.ts';

export interface Delivery {
  eventId: string;
  status: number;
  attempt: number;
}

export interface WebhookOptions {
  secret: string;
  /** Attempts per event (first one included) when our server answers non-2xx. */
  attempts: number;
  retryDelayMs: number;
}

export function signature(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export class Webhooks {
  readonly deliveries: Delivery[] = [];
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly options: WebhookOptions,
  ) {
    store.onEvent = (event) => {
      const urls = this.urlsFor(event.type as string);
      event.pending_webhooks = urls.length;
      if (urls.length === 0) return;
      const snapshot = JSON.stringify(event);
      this.queue = this.queue.then(async () => {
        for (const url of urls) await this.deliverWithRetries(url, event.id as string, snapshot);
        event.pending_webhooks = 0;
      });
    };
  }

  setDefaultUrl(url: string) {
    const current = this.store.find('we_default');
    if (current) current.url = url;
    else this.store.put(this.endpoint('we_default', url, ['*']));
  }

  /** Resolves once every delivery queued so far has finished (or given up). */
  idle(): Promise<void> {
    return this.queue;
  }

  close() {
    this.closed = true;
  }

  /** One POST of a (possibly made-up) event to every endpoint; answers the last status. */
  async deliverOnce(event: Obj): Promise<number> {
    const body = JSON.stringify(event);
    let status = 0;
    for (const url of this.urlsFor(String(event.type))) {
      status = await this.post(url, body);
      this.deliveries.push({ eventId: String(event.id), status, attempt: this.attemptsOf(String(event.id)) + 1 });
    }
    return status;
  }

  private attemptsOf(eventId: string) {
    return this.deliveries.filter((d) => d.eventId === eventId).length;
  }

  private urlsFor(type: string): string[] {
    const urls = this.store
      .all('webhook_endpoint')
      .filter((e) => e.status === 'enabled' && (e.enabled_events.includes('*') || e.enabled_events.includes(type)))
      .map((e) => e.url as string);
    return [...new Set(urls)];
  }

  private async deliverWithRetries(url: string, eventId: string, body: string) {
    for (let attempt = 1; attempt <= this.options.attempts && !this.closed; attempt++) {
      const status = await this.post(url, body);
      this.deliveries.push({ eventId, status, attempt: this.attemptsOf(eventId) + 1 });
      if (status >= 200 && status < 300) return;
      if (attempt < this.options.attempts) await new Promise((r) => setTimeout(r, this.options.retryDelayMs));
    }
  }

  private async post(url: string, body: string): Promise<number> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature(this.options.secret, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  endpoint(id: string, url: string, events: string[], extra: Obj = {}): Obj {
    return {
      id,
      object: 'webhook_endpoint',
      api_version: null,
      application: null,
      created: this.store.now(),
      description: null,
      enabled_events: events,
      livemode: false,
      metadata: {},
      secret: this.options.secret,
      status: 'enabled',
      url,
      ...extra,
    };
  }

  routes(): Route[] {
    const store = this.store;
    const shown = (endpoint: Obj) => {
      const { secret: _secret, ...rest } = endpoint;
      return rest;
    };
    return [
      {
        method: 'GET',
        pattern: '/v1/events/:id',
        handle: ({ params, path }) => {
          const event = store.events.find((e) => e.id === path.id);
          if (!event) throw invalid(`No such event: '${path.id}'`, 'id', 'resource_missing');
          return expanded(store, event, params);
        },
      },
      {
        method: 'GET',
        pattern: '/v1/events',
        handle: ({ params }) => {
          const types = (params.types as string[] | undefined) ?? (params.type ? [String(params.type)] : undefined);
          const matches = (type: string) =>
            !types || types.some((t) => (t.endsWith('*') ? type.startsWith(t.slice(0, -1)) : t === type));
          const created = params.created as Obj | string | undefined;
          const inRange = (t: number) => {
            if (created === undefined) return true;
            if (typeof created === 'string') return t === Number(created);
            return (
              (created.gt === undefined || t > Number(created.gt)) &&
              (created.gte === undefined || t >= Number(created.gte)) &&
              (created.lt === undefined || t < Number(created.lt)) &&
              (created.lte === undefined || t <= Number(created.lte))
            );
          };
          return listOf(
            store.events.filter((e) => matches(e.type) && inRange(e.created)),
            params,
            '/v1/events',
          );
        },
      },
      {
        method: 'POST',
        pattern: '/v1/webhook_endpoints',
        handle: ({ params }) => {
          allowOnly(params, ['url', 'enabled_events', 'description', 'metadata', 'api_version', 'connect']);
          const url = String(required(params, 'url'));
          if (!/^https?:\/\//.test(url)) throw invalid('Invalid URL: URL must be publicly accessible.', 'url');
          const events = required(params, 'enabled_events');
          if (!Array.isArray(events)) throw invalid('Invalid array', 'enabled_events');
          return store.put(
            this.endpoint(newId('we'), url, events as string[], {
              description: params.description ?? null,
              api_version: params.api_version ?? null,
            }),
          );
        },
      },
      {
        method: 'GET',
        pattern: '/v1/webhook_endpoints/:id',
        handle: ({ path }) => shown(store.get('webhook_endpoint', path.id)),
      },
      {
        method: 'POST',
        pattern: '/v1/webhook_endpoints/:id',
        handle: ({ params, path }) => {
          allowOnly(params, ['url', 'enabled_events', 'description', 'disabled', 'metadata']);
          const endpoint = store.get('webhook_endpoint', path.id);
          if (params.url !== undefined) endpoint.url = params.url;
          if (params.enabled_events !== undefined) endpoint.enabled_events = params.enabled_events;
          if (params.disabled !== undefined) endpoint.status = params.disabled === 'true' ? 'disabled' : 'enabled';
          return shown(endpoint);
        },
      },
      {
        method: 'DELETE',
        pattern: '/v1/webhook_endpoints/:id',
        handle: ({ path }) => {
          const endpoint = store.get('webhook_endpoint', path.id);
          endpoint.deleted = true;
          return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
        },
      },
      {
        method: 'GET',
        pattern: '/v1/webhook_endpoints',
        handle: ({ params }) => listOf(store.all('webhook_endpoint').map(shown), params, '/v1/webhook_endpoints'),
      },
    ];
  }
}
