import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import {
  roomData,
  roomParams,
  roomStatusBody,
  roomsData,
  roomTypeBody,
  roomTypeItem,
  roomTypeList,
  roomTypeParams,
  saveRoomsBody,
} from '@posada/contracts/property-rooms';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { RoomsService } from './rooms.service.ts';

/** Like the rest of the module, an id that is not a uuid is simply not found (404), not a 400. */
const propertyParams = z.object({ id: idText() });

/** Room types, the room form (bulk save) and the maintenance status of one room. */
export const roomsRoutes: FastifyPluginAsyncZod<{ rooms: RoomsService }> = async (app, { rooms }) => {
  const tags = ['property-rooms'];
  // Ownership (404) comes before the body is validated, so another account's id never reads as a 400.
  const preValidation = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    await rooms.assertProperty(requireAccount(request), id);
  };

  app.get(
    '/properties/:id/room-types',
    {
      config: { access: 'empresa' },
      schema: { tags, params: propertyParams, response: { 200: okEnvelope(roomTypeList) } },
    },
    async (request) => ({
      ok: true as const,
      data: { items: await rooms.listTypes(requireAccount(request), request.params.id) },
    }),
  );

  app.post(
    '/properties/:id/room-types',
    {
      config: { access: 'empresa' },
      preValidation,
      schema: {
        tags,
        params: propertyParams,
        body: roomTypeBody,
        response: { 201: okEnvelope(roomTypeItem) },
      },
    },
    async (request, reply) => {
      const data = await rooms.createType(requireAccount(request), request.params.id, request.body);
      return reply.status(201).send({ ok: true as const, data });
    },
  );

  app.put(
    '/properties/:id/room-types/:typeId',
    {
      config: { access: 'empresa' },
      preValidation,
      schema: {
        tags,
        params: roomTypeParams,
        body: roomTypeBody,
        response: { 200: okEnvelope(roomTypeItem) },
      },
    },
    async (request) => ({
      ok: true as const,
      data: await rooms.updateType(
        requireAccount(request),
        request.params.id,
        request.params.typeId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/properties/:id/room-types/:typeId',
    {
      config: { access: 'empresa' },
      schema: { tags, params: roomTypeParams, response: { 200: okEnvelope(roomTypeList) } },
    },
    async (request) => {
      const tenant = requireAccount(request);
      await rooms.deleteType(tenant, request.params.id, request.params.typeId);
      return { ok: true as const, data: { items: await rooms.listTypes(tenant, request.params.id) } };
    },
  );

  app.get(
    '/properties/:id/rooms',
    {
      config: { access: 'empresa' },
      schema: { tags, params: propertyParams, response: { 200: okEnvelope(roomsData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await rooms.listRooms(requireAccount(request), request.params.id),
    }),
  );

  app.put(
    '/properties/:id/rooms',
    {
      config: { access: 'empresa' },
      preValidation,
      schema: { tags, params: propertyParams, body: saveRoomsBody, response: { 200: okEnvelope(roomsData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await rooms.saveRooms(requireAccount(request), request.params.id, request.body),
    }),
  );

  app.patch(
    '/properties/:id/rooms/:roomId/status',
    {
      config: { access: 'empresa' },
      preValidation,
      schema: { tags, params: roomParams, body: roomStatusBody, response: { 200: okEnvelope(roomData) } },
    },
    async (request) => ({
      ok: true as const,
      data: await rooms.setStatus(
        requireAccount(request),
        request.params.id,
        request.params.roomId,
        request.body.status,
      ),
    }),
  );
};
