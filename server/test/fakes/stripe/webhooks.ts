/**
 * Events and their delivery: `GET /v1/events[/:id]`, webhook endpoints, and POSTs signed as Stripe
 * signs them (`Stripe-Signature: t=<ts>,v1=<HMAC-SHA256(secret, "<ts>.<body>")>`), retried on a non-2xx
 * answer. Deliveries go one after another, in the order the events happened. An account's events go to
 * its own endpoints; a connected account's events (carrying `account`) go to the platform's Connect
 * endpoints (`connect: true`), and to its default endpoint while no Connect default is set.
 */
import { createHmac } from 'node:crypto';
import type { Route } from './route.ts';
import { allowOnly, bool, expanded, invalid, listOf, newId, randomText, required, type Obj, type Store } from './store.ts';

export interface Delivery {
  eventId: string;
  status: number;
  attempt: number;
}

export interface WebhookOptions {
  secret: string;
  /** The secret of the platform's default Connect endpoint, once one is set. */
  connectSecret: string;
  /** Attempts per event (first one included) when our server answers non-2xx. */
  attempts: number;
  retryDelayMs: number;
}

export function signature(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface Target {
  url: string;
  secret: string;
}

export class Webhooks {
  readonly deliveries: Delivery[] = [];
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Ends the deliveries under way when the fake closes, so the receiving server is not left holding a half-sent request. */
  private readonly stopped = new AbortController();

  constructor(
    private readonly store: Store,
    private readonly options: WebhookOptions,
  ) {
    store.onEvent = (event) => {
      const targets = this.targetsFor(event);
      event.pending_webhooks = targets.length;
      if (targets.length === 0) return;
      const snapshot = JSON.stringify(event);
      this.queue = this.queue.then(async () => {
        for (const target of targets) await this.deliverWithRetries(target, event.id as string, snapshot);
        event.pending_webhooks = 0;
      });
    };
  }

  setDefaultUrl(url: string) {
    this.store.as(this.store.platform, () => {
      const current = this.store.find('we_default');
      if (current) current.url = url;
      else this.store.put(this.endpoint('we_default', url, ['*']));
    });
  }

  /** From now on the platform's connected accounts' events go to `url`, signed with `connectSecret`. */
  setConnectUrl(url: string) {
    this.store.as(this.store.platform, () => {
      const current = this.store.find('we_default_connect');
      if (current) current.url = url;
      else this.store.put(this.endpoint('we_default_connect', url, ['*'], { connect: true, secret: this.options.connectSecret }));
    });
  }

  /** Resolves once every delivery queued so far has finished (or given up). */
  idle(): Promise<void> {
    return this.queue;
  }

  close() {
    this.closed = true;
    this.stopped.abort();
  }

  /** One POST of a (possibly made-up) event to every endpoint it is for; answers the last status. */
  async deliverOnce(event: Obj): Promise<number> {
    const body = JSON.stringify(event);
    let status = 0;
    for (const target of this.targetsFor(event)) {
      status = await this.post(target, body);
      this.deliveries.push({ eventId: String(event.id), status, attempt: this.attemptsOf(String(event.id)) + 1 });
    }
    return status;
  }

  private attemptsOf(eventId: string) {
    return this.deliveries.filter((d) => d.eventId === eventId).length;
  }

  /** The endpoints an event goes to: its account's own, or for a connected account's, the platform's Connect ones. */
  private targetsFor(event: Obj): Target[] {
    const store = this.store;
    const type = String(event.type);
    const connected = typeof event.account === 'string';
    const owner = connected ? store.platform : (store.ownerOf(String(event.id)) ?? store.platform);
    const endpoints = store.everywhere('webhook_endpoint').filter((e) => store.ownerOf(e.id) === owner);
    const connectDefault = endpoints.some((e) => e.id === 'we_default_connect');
    const wanted = endpoints.filter(
      (e) =>
        e.status === 'enabled' &&
        (e.enabled_events.includes('*') || e.enabled_events.includes(type)) &&
        (connected ? e.connect || (e.id === 'we_default' && !connectDefault) : !e.connect),
    );
    const targets = new Map(wanted.map((e) => [`${e.url} ${e.secret}`, { url: e.url as string, secret: e.secret as string }]));
    return [...targets.values()];
  }

  private async deliverWithRetries(target: Target, eventId: string, body: string) {
    for (let attempt = 1; attempt <= this.options.attempts && !this.closed; attempt++) {
      const status = await this.post(target, body);
      this.deliveries.push({ eventId, status, attempt: this.attemptsOf(eventId) + 1 });
      if (status >= 200 && status < 300) return;
      if (attempt < this.options.attempts) await new Promise((r) => setTimeout(r, this.options.retryDelayMs));
    }
  }

  private async post(target: Target, body: string): Promise<number> {
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature(target.secret, body),
        },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(10_000), this.stopped.signal]),
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
      connect: false,
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
          const event = store.accountEvents().find((e) => e.id === path.id);
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
            store.accountEvents().filter((e) => matches(e.type) && inRange(e.created)),
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
          const connect = params.connect === undefined ? false : bool(params.connect, 'connect');
          if (connect && store.kindOf(store.account) !== 'platform')
            throw invalid('Only a Connect platform can create Connect webhook endpoints.', 'connect');
          return store.put(
            this.endpoint(newId('we'), url, events as string[], {
              description: params.description ?? null,
              api_version: params.api_version ?? null,
              connect,
              // The platform's endpoints share the fake's secret (tests know it); another account's get their own.
              secret: store.account === store.platform ? this.options.secret : `whsec_${randomText(32)}`,
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
