import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { DeviceType } from '@limo/contracts';
import { deviceFromUserAgent } from './device.js';

/** What the track route needs to know of a user agent. */
export interface AgentFacts {
  /** isbot's verdict: the event is dropped. */
  bot: boolean;
  /** The device class, used when the client sent none. */
  device: DeviceType;
}

/**
 * isbot's verdict and the device class of each distinct user agent, remembered (LRU): a site sees a
 * few thousand distinct agents, and isbot's pattern costs microseconds a call on every event.
 */
export class UserAgents {
  private readonly known: LRUCache<string, AgentFacts>;

  /** `max`: distinct user agents remembered (each at most 1 KB). */
  constructor(max = 2_000) {
    this.known = new LRUCache({ max });
  }

  /** The facts of `userAgent`, from memory when it was seen recently. */
  facts(userAgent: string): AgentFacts {
    let facts = this.known.get(userAgent);
    if (!facts) {
      facts = { bot: isbot(userAgent), device: deviceFromUserAgent(userAgent) };
      this.known.set(userAgent, facts);
    }
    return facts;
  }
}
