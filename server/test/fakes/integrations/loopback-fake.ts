import { VendorServer, type VendorAnswer, type VendorRequest } from '../vendor-server.ts';
import { FaultGate } from './fault-gate.ts';

/**
 * What every vendor fake shares: its loopback server (plain HTTP), the requests it received in order,
 * and the faults a test asks for (FakeVendor.rateLimitNext, failRandomly). Each fake answers a request
 * in its vendor's own words in `handle`, asking `faults` where its vendor checks rate limits.
 */
export abstract class LoopbackFake {
  readonly requests: VendorRequest[] = [];
  protected readonly faults = new FaultGate();
  private server?: VendorServer;
  url = '';

  async start(): Promise<this> {
    this.server = await new VendorServer((req) => {
      this.requests.push(req);
      return this.handle(req);
    }, false).start();
    this.url = this.server.url;
    return this;
  }

  protected abstract handle(req: VendorRequest): VendorAnswer;

  rateLimitNext(n: number, seconds: number) {
    this.faults.rateLimitNext(n, seconds);
  }

  failRandomly(probability: number, untilMs: number) {
    this.faults.failRandomly(probability, untilMs);
  }

  async close() {
    await this.server?.close();
  }
}
