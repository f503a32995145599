import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import {
  assignLockBody,
  checkinAccessCodeSchema,
  connectLockAccountBody,
  lockAccountSchema,
  propertyLocksSchema,
  releaseAccessCodeBody,
  remoteLockSchema,
  unassignLockQuery,
} from '@posada/contracts/smart-locks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { SmartLocksService } from './smart-locks.service.ts';

const idParams = z.object({ id: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * Smart locks (issue 14): vendor accounts, the lock of a property or hotel room, and a check-in's door
 * code with its manual release. Access: empresa. Credentials go in, never out.
 */
export const smartLocksRoutes: FastifyPluginAsyncZod<{ smartLocks: SmartLocksService }> = async (
  app,
  { smartLocks },
) => {
  const tags = ['smart-locks'];
  const config = { access: 'empresa' as const };

  app.get(
    '/smart-locks/accounts',
    { config, schema: { tags, response: { 200: okEnvelope(z.array(lockAccountSchema)) } } },
    async (request) => ok(await smartLocks.listAccounts(requireAccount(request))),
  );

  app.post(
    '/smart-locks/accounts',
    {
      config,
      schema: { tags, body: connectLockAccountBody, response: { 201: okEnvelope(lockAccountSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await smartLocks.connect(requireAccount(request), request.body))),
  );

  app.delete(
    '/smart-locks/accounts/:id',
    {
      config,
      schema: { tags, params: idParams, response: { 200: okEnvelope(z.object({ id: z.string() })) } },
    },
    async (request) => ok(await smartLocks.disconnect(requireAccount(request), request.params.id)),
  );

  app.get(
    '/smart-locks/accounts/:id/locks',
    {
      config,
      schema: { tags, params: idParams, response: { 200: okEnvelope(z.array(remoteLockSchema)) } },
    },
    async (request) => ok(await smartLocks.listLocks(requireAccount(request), request.params.id)),
  );

  app.get(
    '/properties/:id/smart-locks',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(propertyLocksSchema) } } },
    async (request) => ok(await smartLocks.propertyLocks(requireAccount(request), request.params.id)),
  );

  app.put(
    '/properties/:id/smart-locks/assignment',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: assignLockBody,
        response: { 200: okEnvelope(propertyLocksSchema) },
      },
    },
    async (request) => ok(await smartLocks.assign(requireAccount(request), request.params.id, request.body)),
  );

  app.delete(
    '/properties/:id/smart-locks/assignment',
    {
      config,
      schema: {
        tags,
        params: idParams,
        querystring: unassignLockQuery,
        response: { 200: okEnvelope(propertyLocksSchema) },
      },
    },
    async (request) =>
      ok(
        await smartLocks.unassign(requireAccount(request), request.params.id, request.query.room_id ?? null),
      ),
  );

  app.get(
    '/checkins/:id/access-code',
    { config, schema: { tags, params: idParams, response: { 200: okEnvelope(checkinAccessCodeSchema) } } },
    async (request) => ok(await smartLocks.release.operatorView(requireAccount(request), request.params.id)),
  );

  app.post(
    '/checkins/:id/access-code/release',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: releaseAccessCodeBody,
        response: { 200: okEnvelope(checkinAccessCodeSchema) },
      },
    },
    async (request) =>
      ok(
        await smartLocks.release.releaseByHand(
          requireAccount(request),
          request.params.id,
          request.body.reason,
        ),
      ),
  );
};
