import type { EventBus } from '../../events/bus.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import type { ExperiencesServices } from './experiences.module.ts';

/** The requests' event handlers: payments moving a request, messages to the guest and the provider. */
export function registerRequestEventHandlers(
  _bus: EventBus,
  _services: ExperiencesServices,
  _deps: ExperiencesDeps,
) {}
