/**
 * A small authoritative DNS server on 127.0.0.1 (UDP, a random port), answering from the zone it is
 * given: the records of a name it knows, NOERROR with no answers (and an SOA, as real servers send) for
 * a type the name lacks, NXDOMAIN for a name it does not know.
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket, { type Answer, type Question } from 'dns-packet';

export interface FakeDnsRecords {
  mx?: { preference: number; exchange: string }[];
  a?: string[];
  aaaa?: string[];
}

export interface FakeDnsOptions {
  /** Records by lower-case name, without the trailing dot. */
  zone: Record<string, FakeDnsRecords>;
  /** Swallow every query, like a resolver that is down or firewalled. */
  silent?: boolean;
  /** Answer every query SERVFAIL, like a resolver that cannot reach the domain's servers. */
  failing?: boolean;
}

const SERVFAIL = 2;
const NXDOMAIN = 3;
const TTL = 300;

export class FakeDnsServer {
  /** Every question received, for asserting what the resolver asked. */
  readonly questions: Question[] = [];
  private socket!: Socket;
  /** `127.0.0.1:<port>`, the form `Resolver.setServers` takes. */
  address = '';

  constructor(readonly options: FakeDnsOptions) {}

  async start(): Promise<this> {
    this.socket = createSocket('udp4');
    this.socket.on('message', (message, peer) => this.answer(message, peer));
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    const { port } = this.socket.address() as AddressInfo;
    this.address = `127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  private answer(message: Buffer, peer: RemoteInfo) {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const questions = query.questions ?? [];
    this.questions.push(...questions);
    if (this.options.silent) return;

    if (this.options.failing) {
      const flags = dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | SERVFAIL;
      this.socket.send(dnsPacket.encode({ type: 'response', id: query.id, flags, questions }), peer.port, peer.address);
      return;
    }
    const answers: Answer[] = [];
    let known = true;
    for (const question of questions) {
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const records = this.options.zone[name];
      if (!records) {
        known = false;
        continue;
      }
      answers.push(...recordsFor(question, records));
    }
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags:
        dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : NXDOMAIN),
      questions,
      answers,
      authorities: answers.length ? [] : [soaFor(questions[0]?.name ?? '')],
    });
    this.socket.send(response, peer.port, peer.address);
  }
}

function recordsFor(question: Question, records: FakeDnsRecords): Answer[] {
  const { name } = question;
  switch (question.type) {
    case 'MX':
      return (records.mx ?? []).map((data) => ({ type: 'MX', name, ttl: TTL, class: 'IN', data }));
    case 'A':
      return (records.a ?? []).map((data) => ({ type: 'A', name, ttl: TTL, class: 'IN', data }));
    case 'AAAA':
      return (records.aaaa ?? []).map((data) => ({ type: 'AAAA', name, ttl: TTL, class: 'IN', data }));
    default:
      return [];
  }
}

function soaFor(name: string): Answer {
  const zone = name.split('.').slice(-2).join('.');
  return {
    type: 'SOA',
    name: zone,
    ttl: TTL,
    class: 'IN',
    data: { mname: `ns1.${zone}`, rname: `hostmaster.${zone}`, serial: 1, refresh: 3600, retry: 600, expire: 86400, minimum: 60 },
  };
}

export async function startFakeDnsServer(options: FakeDnsOptions): Promise<FakeDnsServer> {
  return new FakeDnsServer(options).start();
}
