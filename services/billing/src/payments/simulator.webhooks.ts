/** Posts one signed event to the webhook route; resolves to the HTTP status. */
export type WebhookDelivery = (payload: string, signatureHeader: string) => Promise<number>;

export interface WebhookQueueOptions {
  /** Sends a signed event to our webhook route. */
  deliver: WebhookDelivery;
  /** Chance that an event is delivered a second time (Stripe delivers at least once). Default 0.2. */
  duplicateRate?: number;
  /** Delivery attempts before an event is dropped. Default 6. */
  maxAttempts?: number;
  /** First retry delay, doubled each attempt. Default 200 ms. */
  retryDelayMs?: number;
  onDeliveryError?: (err: unknown, eventId: string) => void;
}

/**
 * The payment simulator's webhook deliveries, as Stripe makes them: each event signed at each
 * attempt, retried with backoff until a 2xx, sometimes delivered twice.
 */
export class SimulatorWebhooks {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pending = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly options: WebhookQueueOptions,
    private readonly sign: (payload: string) => string,
  ) {}

  /** Queues an event's payload for delivery. */
  send(payload: string, eventId: string): void {
    const copies = Math.random() < (this.options.duplicateRate ?? 0.2) ? 2 : 1;
    for (let i = 0; i < copies; i++) this.schedule(payload, eventId, 0, i * 30);
  }

  /** Resolves once every delivery scheduled so far finished (tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private schedule(payload: string, eventId: string, attempt: number, delayMs: number): void {
    let done: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (done = resolve));
    this.pending.add(pending);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(payload, eventId, attempt).finally(() => {
        this.pending.delete(pending);
        done();
      });
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(payload: string, eventId: string, attempt: number): Promise<void> {
    if (this.closed) return;
    // Signed at each attempt, as Stripe does: a retry carries a fresh timestamp.
    let status = 0;
    try {
      status = await this.options.deliver(payload, this.sign(payload));
    } catch (err) {
      this.options.onDeliveryError?.(err, eventId);
    }
    if (status >= 200 && status < 300) return;
    const max = this.options.maxAttempts ?? 6;
    if (attempt + 1 >= max) {
      this.options.onDeliveryError?.(new Error(`webhook ${eventId} gave up after ${max} attempts (last status ${status})`), eventId);
      return;
    }
    this.schedule(payload, eventId, attempt + 1, (this.options.retryDelayMs ?? 200) * 2 ** attempt);
  }
}
