import { randomUUID } from 'node:crypto';
import type { AuditRecordedV1 } from '@limo/contracts';
import type { Collection, DocumentStore } from '../ports/document-store.port.js';
import type { EventEnvelope } from '../ports/event-bus.port.js';

/** What an admin did: who, what, to which target, with which details. */
export interface AuditAction {
  /** The admin's user id (null for the system). */
  actorId: string | null;
  actorName?: string | null;
  /** `<target>.<verb>`, e.g. `claim.rejected`, `payment.refunded`, `listing.verified`. */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/** One recorded action as the service keeps its own copy. */
export type AuditRecord = AuditRecordedV1['data'] & { _id: string };

/** The `audit.recorded.v1` event of an action of `service`. */
export function auditRecordedEvent(service: string, action: AuditAction, at = new Date()): EventEnvelope<AuditRecordedV1['data']> {
  return {
    id: randomUUID(),
    type: 'audit.recorded.v1',
    occurredAt: at.toISOString(),
    key: action.targetId,
    data: {
      service,
      actorId: action.actorId,
      actorName: action.actorName ?? null,
      action: action.action,
      targetType: action.targetType,
      targetId: action.targetId,
      details: action.details ?? {},
      at: at.toISOString(),
    },
  };
}

/**
 * A service's audit trail: each action is kept in the service's own `audit_trail` collection and
 * owes its `audit.recorded.v1` event in the same write (the outbox relay publishes it), so the one
 * audit log (kept by the directory) gets every service's actions in both profiles.
 *
 *   const audit = await AuditTrail.create(ctx.store, 'billing');
 *   await audit.record({ actorId: admin.id, actorName: admin.username, action: 'payment.refunded',
 *     targetType: 'payment', targetId: paymentId, details: { amount: 7500 } });
 */
export class AuditTrail {
  private constructor(
    private readonly service: string,
    private readonly records: Collection<AuditRecord>,
  ) {}

  static async create(store: DocumentStore, service: string): Promise<AuditTrail> {
    return new AuditTrail(service, await store.collection<AuditRecord>('audit_trail', [{ fields: { at: -1 } }]));
  }

  /** Records the action (call it once the action is done); resolves once it is stored with its event. */
  async record(action: AuditAction): Promise<void> {
    const event = auditRecordedEvent(this.service, action);
    await this.records.insertOne({ _id: event.id, ...event.data }, { events: [event] });
  }

  /**
   * Records what a signed-in user did to `target` (call it once the action is done):
   * `audit.recordBy(request.user!, 'claim.approved', { type: 'claim', id }, { companyId })`.
   */
  async recordBy(
    user: { id: string; username: string },
    action: string,
    target: { type: string; id: string },
    details?: Record<string, unknown>,
  ): Promise<void> {
    await this.record({ actorId: user.id, actorName: user.username, action, targetType: target.type, targetId: target.id, details });
  }
}
