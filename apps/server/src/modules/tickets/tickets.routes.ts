import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  MSG,
  adminTicketListSchema,
  adminTicketThreadSchema,
  ticketCreateSchema,
  ticketListSchema,
  ticketReplySchema,
  ticketSummarySchema,
  ticketThreadSchema,
} from '@svp/shared';
import type { TicketsService } from './tickets.service.js';
import { errorResponses } from '../../http/responses.js';
import { actorOf, sessionOf } from '../../http/session.js';

const params = z.object({ id: z.string().uuid(MSG.common.notFound) });

export function ticketsRoutes(tickets: TicketsService): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { access: 'user' as const };
    const admin = { access: 'admin' as const };
    app.get(
      API.tickets,
      { config: user, schema: { tags: ['tickets'], response: { 200: ticketListSchema, ...errorResponses } } },
      async (request) => tickets.list(sessionOf(request).userId),
    );
    app.post(
      API.tickets,
      {
        config: { ...user, idempotent: true },
        schema: {
          tags: ['tickets'],
          body: ticketCreateSchema,
          response: {
            200: z.object({ success: z.literal(true), message: z.string(), ticket: ticketSummarySchema }),
            ...errorResponses,
          },
        },
      },
      async (request) =>
        tickets.create(sessionOf(request).userId, request.body.subject, request.body.message, request.idempotency),
    );
    app.get(
      API.ticket,
      { config: user, schema: { tags: ['tickets'], params, response: { 200: ticketThreadSchema, ...errorResponses } } },
      async (request) => tickets.thread(sessionOf(request).userId, request.params.id),
    );
    app.post(
      API.ticketMessages,
      {
        config: { ...user, idempotent: true },
        schema: {
          tags: ['tickets'],
          params,
          body: ticketReplySchema,
          response: { 200: ticketThreadSchema, ...errorResponses },
        },
      },
      async (request) =>
        tickets.reply(sessionOf(request).userId, request.params.id, request.body.message, request.idempotency),
    );

    app.get(
      API.adminTickets,
      {
        config: { ...admin, permission: 'tickets.read' },
        schema: { tags: ['admin'], response: { 200: adminTicketListSchema, ...errorResponses } },
      },
      async () => tickets.listAll(),
    );
    app.get(
      API.adminTicket,
      {
        config: { ...admin, permission: 'tickets.read' },
        schema: { tags: ['admin'], params, response: { 200: adminTicketThreadSchema, ...errorResponses } },
      },
      async (request) => tickets.adminThread(request.params.id),
    );
    app.post(
      API.adminTicketReply,
      {
        config: { ...admin, permission: 'tickets.reply', idempotent: true },
        schema: {
          tags: ['admin'],
          params,
          body: ticketReplySchema,
          response: { 200: adminTicketThreadSchema, ...errorResponses },
        },
      },
      async (request) => tickets.adminReply(actorOf(request), request.params.id, request.body.message),
    );
    app.post(
      API.adminTicketClose,
      {
        config: { ...admin, permission: 'tickets.reply' },
        schema: { tags: ['admin'], params, response: { 200: adminTicketThreadSchema, ...errorResponses } },
      },
      async (request) => tickets.adminClose(actorOf(request), request.params.id),
    );
  };
}
