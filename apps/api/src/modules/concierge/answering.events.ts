import type { EventBus } from '../../events/bus.ts';
import type { ConciergeServices } from './concierge.module.ts';

/** STUB (helper H2a replaces it): concierge.answer on inbox.message_received. */
export function registerConciergeEventHandlers(_bus: EventBus, _services: ConciergeServices) {}
