import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { imagesRoutes } from './images.routes.ts';
import { createImagesService } from './images.service.ts';
import { propertiesRoutes } from './properties.routes.ts';
import { createPropertiesService } from './properties.service.ts';
import { propertySettingsRoutes } from './property-settings.routes.ts';
import { createPropertySettingsService } from './property-settings.service.ts';
import { ratesRoutes } from './rates.routes.ts';
import { createRatesService } from './rates.service.ts';
import { roomsRoutes } from './rooms.routes.ts';
import { createRoomsService } from './rooms.service.ts';
import { createWebUnitsService } from './web-units.service.ts';

/**
 * Properties with their settings, room types and rooms, rates and images (owns properties,
 * property_authorities, room_types, rooms, rates, property_images).
 */
export function createPropertiesModule(
  deps: Parameters<typeof createPropertiesService>[0] &
    Parameters<typeof createPropertySettingsService>[0] &
    Parameters<typeof createImagesService>[0],
) {
  const service = {
    properties: createPropertiesService(deps),
    settings: createPropertySettingsService(deps),
    rooms: createRoomsService(deps),
    rates: createRatesService(deps),
    images: createImagesService(deps),
    webUnits: createWebUnitsService(deps),
  };
  return {
    name: 'properties',
    service,
    routes: async (api) => {
      await bindRoutes(propertiesRoutes, { properties: service.properties })(api);
      await bindRoutes(propertySettingsRoutes, { settings: service.settings })(api);
      await bindRoutes(roomsRoutes, { rooms: service.rooms })(api);
      await bindRoutes(ratesRoutes, { rates: service.rates })(api);
      await bindRoutes(imagesRoutes, { images: service.images })(api);
    },
  } satisfies ApiModule<typeof service>;
}
